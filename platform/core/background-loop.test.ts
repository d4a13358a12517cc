import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { restFor, restUntil, startLoop } from './background-loop';
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
    metrics: { loopRound: () => undefined } as unknown as AppContext['metrics'],
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

it('rests until the work its round knows of, within its interval and its idle bound, and a wake cuts the rest short', async () => {
  const { ctx, close } = fakeContext();
  const at: number[] = [];
  const answers = [
    restFor(50),
    restFor(0),
    restFor(Infinity),
    restUntil(new Date(10_000), null, new Date(10_400), new Date(10_300)),
    restUntil(new Date(), null),
    restFor(Infinity),
  ];
  const loop = startLoop(
    ctx,
    'resting loop',
    10,
    async () => {
      at.push(Date.now() - started);
      return answers.shift();
    },
    1000,
  );
  const started = Date.now();
  await vi.advanceTimersByTimeAsync(10 + 50 + 10 + 1000 + 300 + 1000);
  // first after the interval; then 50 ms as told; 0 is held to the interval; none known rests the idle bound; a due
  // time rests until it; none known again
  expect(at).toEqual([10, 60, 70, 1070, 1370, 2370]);
  // resting its idle bound now: a wake runs the next round at once
  await vi.advanceTimersByTimeAsync(100);
  loop.wake();
  await vi.advanceTimersByTimeAsync(0);
  expect(at).toEqual([10, 60, 70, 1070, 1370, 2370, 2470]);
  // a round answering nothing rests its interval, as a loop that knows no due times does
  await vi.advanceTimersByTimeAsync(10);
  expect(at).toHaveLength(8);
  await close();
});

it('runs a nudged round no sooner than its interval after the last, however many nudges come', async () => {
  const { ctx, close } = fakeContext();
  const at: number[] = [];
  const loop = startLoop(
    ctx,
    'nudged loop',
    100,
    async () => {
      at.push(Date.now() - started);
      return restFor(Infinity);
    },
    1000,
  );
  const started = Date.now();
  await vi.advanceTimersByTimeAsync(100);
  expect(at).toEqual([100]);
  // resting the idle bound: nudges at once after the round bring the next to the interval's end, not sooner
  for (let i = 0; i < 5; i++) loop.nudge();
  await vi.advanceTimersByTimeAsync(99);
  expect(at).toEqual([100]);
  await vi.advanceTimersByTimeAsync(1);
  expect(at).toEqual([100, 200]);
  // a nudge long after the last round runs the next at once
  await vi.advanceTimersByTimeAsync(500);
  loop.nudge();
  await vi.advanceTimersByTimeAsync(0);
  expect(at).toEqual([100, 200, 700]);
  // without nudges it rests its idle bound
  await vi.advanceTimersByTimeAsync(1000);
  expect(at).toEqual([100, 200, 700, 1700]);
  await close();
});

it("stop() from the loop's owner waits for the round under way, and no round starts after it", async () => {
  const { ctx } = fakeContext();
  let rounds = 0;
  let inRound = false;
  const loop = startLoop(ctx, 'owned loop', 1, async () => {
    rounds++;
    inRound = true;
    await new Promise((r) => setTimeout(r, 5));
    inRound = false;
  });
  await vi.advanceTimersByTimeAsync(1);
  expect(inRound).toBe(true);
  const stopping = loop.stop();
  loop.wake();
  await vi.advanceTimersByTimeAsync(5);
  await stopping;
  expect(inRound).toBe(false);
  await vi.runAllTimersAsync();
  expect(vi.getTimerCount()).toBe(0);
  expect(rounds).toBe(1);
});
