import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { startLoop } from './background-loop';
import type { AppContext } from './context';

// A background loop's error path: a failing round is logged under the loop's name and the next round runs; closing
// waits for the round under way and no round starts after it.

it('logs a failing round, goes on with the next, and stops after the round under way', async () => {
  const warns: string[] = [];
  const stops: Array<() => Promise<void> | void> = [];
  const ctx = {
    log: { warn: (_: unknown, msg: string) => void warns.push(msg) } as unknown as FastifyBaseLogger,
    onClose: (s: () => Promise<void> | void) => void stops.push(s),
  } as AppContext;
  let rounds = 0;
  let inRound = false;
  startLoop(ctx, 'test loop', 1, async () => {
    rounds++;
    if (rounds === 1) throw new Error('database restarting');
    inRound = true;
    await new Promise((r) => setTimeout(r, 5));
    inRound = false;
  });
  while (rounds < 3) await new Promise((r) => setTimeout(r, 5));
  expect(warns).toEqual(['test loop round failed']);
  for (const s of stops) await s();
  expect(inRound).toBe(false);
  const after = rounds;
  await new Promise((r) => setTimeout(r, 20));
  expect(rounds).toBe(after);
});

it('runs a round at once when woken, and once more right after a round that was woken while under way', async () => {
  const stops: Array<() => Promise<void> | void> = [];
  const ctx = { log: { warn: () => undefined } as unknown as FastifyBaseLogger, onClose: (s) => void stops.push(s) } as AppContext;
  let rounds = 0;
  let release: () => void = () => undefined;
  // an interval no test waits out: every round here comes from a wake
  const loop = startLoop(ctx, 'woken loop', 3_600_000, async () => {
    rounds++;
    if (rounds === 1) await new Promise<void>((r) => (release = r));
  });
  loop.wake();
  while (rounds < 1) await new Promise((r) => setTimeout(r, 1));
  // woken twice during the first round: one more round after it, not two
  loop.wake();
  loop.wake();
  release();
  while (rounds < 2) await new Promise((r) => setTimeout(r, 1));
  await new Promise((r) => setTimeout(r, 20));
  expect(rounds).toBe(2);
  for (const s of stops) await s();
  loop.wake();
  await new Promise((r) => setTimeout(r, 20));
  expect(rounds).toBe(2);
});
