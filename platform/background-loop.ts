import type { AppContext } from './context';

/**
 * A background loop of the platform: `round` runs every `intervalMs` after the previous one ended. A failing round is
 * logged and the loop goes on (the round's transaction rolled its work back; the next round retries it). Stopped
 * through ctx.onClose, which waits for a round under way. `round` gets `stopped()` to end a long round early.
 */
export function startLoop(ctx: AppContext, name: string, intervalMs: number, round: (stopped: () => boolean) => Promise<unknown>): void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round(() => stopped)
        .then(
          () => undefined,
          (err) => {
            if (!stopped) ctx.log.warn({ err }, `${name} round failed`);
          },
        )
        .then(schedule);
    }, intervalMs);
  };
  schedule();
  ctx.onClose(async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
