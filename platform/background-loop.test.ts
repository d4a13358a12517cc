import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startLoop } from './background-loop';
import type { AppContext } from './context';

// A background loop's error path: a failing round is logged under the loop's name and the next round runs; closing
// waits for the round under way and no round starts after it. The clock is faked, so "no round starts" is checked by
// running the clock far past every interval and finding no timer left, not by waiting a while.

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

function fakeContext(warns: string[] = []) {
  const stops: Array<() => Promise<void> | void> = [];
  const ctx = {
    log: { warn: (_: unknown, msg: string) => void warns.push(msg) } as unknown as FastifyBaseLogger,
    onClose: (s: () => Promise<void> | void) => void stops.push(s),
  } as AppContext;
  return { ctx, close: async () => void (await Promise.all(stops.map((s) => s()))) };
}

it('logs a failing round, goes on with the next, and stops after the round under way', async () => {
  const warns: string[] = [];
  const { ctx, close } = fakeContext(warns);
  let rounds = 0;
  let inRound = false;
  startLoop(ctx, 'test loop', 1, async () => {
    rounds++;
    if (rounds === 1) throw new Error('database restarting');
    inRound = true;
    await new Promise((r) => setTimeout(r, 5));
    inRound = false;
  });
  await vi.advanceTimersByTimeAsync(1);
  expect(rounds).toBe(1);
  expect(warns).toEqual(['test loop round failed']);
  await vi.advanceTimersByTimeAsync(1);
  expect(rounds).toBe(2);
  expect(inRound).toBe(true);

  let closed = false;
  const closing = close().then(() => (closed = true));
  await vi.advanceTimersByTimeAsync(4);
  expect(closed).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await closing;
  expect(inRound).toBe(false);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(rounds).toBe(2);
  expect(vi.getTimerCount()).toBe(0);
  expect(warns).toEqual(['test loop round failed']);
});

it('runs a round at once when woken, and once more right after a round that was woken while under way', async () => {
  const { ctx, close } = fakeContext();
  let rounds = 0;
  let release: () => void = () => undefined;
  const interval = 3_600_000;
  const loop = startLoop(ctx, 'woken loop', interval, async () => {
    rounds++;
    if (rounds === 1) await new Promise<void>((r) => (release = r));
  });
  loop.wake();
  await vi.advanceTimersByTimeAsync(0);
  expect(rounds).toBe(1);
  // woken twice during the first round: one more round after it, not two
  loop.wake();
  loop.wake();
  release();
  await vi.advanceTimersByTimeAsync(0);
  expect(rounds).toBe(2);
  // every round here comes from a wake: the next is the interval's, an hour after the second
  await vi.advanceTimersByTimeAsync(interval - 1);
  expect(rounds).toBe(2);
  await close();
  loop.wake();
  await vi.advanceTimersByTimeAsync(2 * interval);
  expect(rounds).toBe(2);
  expect(vi.getTimerCount()).toBe(0);
});
