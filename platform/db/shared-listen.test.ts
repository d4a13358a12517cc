import { expect, it } from 'vitest';
import type { AppContext } from '../core/context';
import { sharedListen } from './shared-listen';

// One LISTEN per channel and platform instance, however many parts wait on its notices; a LISTEN that failed is tried
// again by the next part that asks, and each part hears every notice once.

function fakeContext(failFirst = false) {
  const listens: Array<{ channel: string; hear: (payload: string) => void }> = [];
  let calls = 0;
  const ctx = {
    db: {
      listen: async (channel: string, hear: (payload: string) => void) => {
        calls++;
        if (failFirst && calls === 1) throw new Error('database restarting');
        listens.push({ channel, hear });
        return async () => undefined;
      },
    },
    onClose: () => undefined,
  } as unknown as AppContext;
  return { ctx, listens, calls: () => calls };
}

it('listens once per channel and hands every notice to each part that waits on it', async () => {
  const { ctx, listens } = fakeContext();
  const heard: string[] = [];
  const a = sharedListen(ctx, 'changes', (p) => heard.push(`a ${p}`));
  const b = sharedListen(ctx, 'changes', (p) => heard.push(`b ${p}`));
  const other = sharedListen(ctx, 'smpp_outbox', (p) => heard.push(`outbox ${p}`));
  await Promise.all([a(), b(), a(), other()]);
  expect(listens.map((l) => l.channel)).toEqual(['changes', 'smpp_outbox']);
  listens[0].hear('x');
  listens[1].hear('y');
  expect(heard).toEqual(['a x', 'b x', 'outbox y']);
  // another instance (its own context) listens for itself
  const second = fakeContext();
  await sharedListen(second.ctx, 'changes', () => undefined)();
  expect(second.listens).toHaveLength(1);
});

it('tries a failed LISTEN again at the next call', async () => {
  const { ctx, listens, calls } = fakeContext(true);
  const heard: string[] = [];
  const ensure = sharedListen(ctx, 'changes', (p) => heard.push(p));
  await expect(ensure()).rejects.toThrow('database restarting');
  await ensure();
  expect(calls()).toBe(2);
  listens[0].hear('after');
  expect(heard).toEqual(['after']);
});
