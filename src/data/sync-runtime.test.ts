import { afterEach, expect, test } from 'vitest';
import { readyRuntime, runtime$, runtimeEnded$, type SyncRuntime } from './sync-runtime';

// A command clicked in the first moments after a page load, before <SyncBoundary> has opened the local database,
// waits for it instead of failing with an untranslated "offline".
afterEach(() => runtime$.next(null));

test('readyRuntime waits for the local database to open, then answers it', async () => {
  const rt = { actor: 'admin' } as unknown as SyncRuntime;
  let got: SyncRuntime | null = null;
  const pending = readyRuntime().then((r) => (got = r));
  await Promise.resolve();
  expect(got).toBeNull();
  runtime$.next(rt);
  await pending;
  expect(got).toBe(rt);
});

test('readyRuntime answers an open runtime at once', async () => {
  const rt = { actor: 'agent' } as unknown as SyncRuntime;
  runtime$.next(rt);
  await expect(readyRuntime()).resolves.toBe(rt);
});

test('readyRuntime rejects when the local database fails to open or the session ends first', async () => {
  const waiting = readyRuntime();
  runtimeEnded$.next(new Error('The local database could not be opened: quota'));
  await expect(waiting).rejects.toThrow('could not be opened');
  // a later runtime (another login) is not given to the command that was waiting
  runtime$.next({ actor: 'next-user' } as unknown as SyncRuntime);
  await expect(waiting).rejects.toThrow();
});
