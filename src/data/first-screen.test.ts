import { afterEach, describe, expect, it, vi } from 'vitest';

// The gate an uncached account's database waits at: the first screen shown, or the timeout for screens that never say.
const fresh = async () => {
  vi.resetModules();
  return import('./first-screen');
};

describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then answers every later caller at once', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen, firstScreenShown } = await fresh();
    let opened = false;
    void afterFirstScreen(1500).then(() => (opened = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened).toBe(false);
    firstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(true);
    let later = false;
    void afterFirstScreen(1500).then(() => (later = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toBe(true);
  });

  it('gives up waiting after the timeout when no screen says it is shown', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen } = await fresh();
    let opened = false;
    void afterFirstScreen(1500).then(() => (opened = true));
    await vi.advanceTimersByTimeAsync(1499);
    expect(opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toBe(true);
  });
});
