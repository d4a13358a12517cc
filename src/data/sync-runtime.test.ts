import { afterEach, expect, test } from 'vitest';
import { readyRuntime, runtime$, type SyncRuntime } from './sync-runtime';

// A command clicked in the first moments after a page load, before <SyncBoundary> has opened the local database,
// waits for it instead of failing (it used to throw an untranslated "offline").
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
