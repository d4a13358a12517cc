import type { AppContext } from './context';

/**
 * A background loop of the platform: `round` runs every `intervalMs` after the previous one ended. A failing round is
 * logged and the loop goes on (the round's transaction rolled its work back; the next round retries it). Stopped
 * through ctx.onClose, which waits for a round under way. `round` gets `stopped()` to end a long round early. Work that
 * should not wait for the interval wakes it (LoopHandle).
 */
export function startLoop(ctx: AppContext, name: string, intervalMs: number, round: (stopped: () => boolean) => Promise<unknown>): LoopHandle {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inRound = false;
  let wokenInRound = false;
  const run = () => {
    timer = undefined;
    inRound = true;
    wokenInRound = false;
    running = round(() => stopped)
      .then(
        () => undefined,
        (err) => {
          if (!stopped) ctx.log.warn({ err }, `${name} round failed`);
        },
      )
      .then(() => {
        inRound = false;
        // work that arrived while the round was under way may have been missed by it: go again at once
        schedule(wokenInRound ? 0 : intervalMs);
      });
  };
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(run, ms);
  };
  schedule(intervalMs);
  ctx.onClose(async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
  return {
    wake() {
      if (stopped) return;
      if (inRound) wokenInRound = true;
      else if (timer !== undefined) {
        clearTimeout(timer);
        schedule(0);
      }
    },
  };
}

export interface LoopHandle {
  /** runs the next round now (or right after the one under way) rather than after the interval. */
  wake(): void;
}
