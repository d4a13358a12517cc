import type { AppContext } from './context';

/**
 * A background loop of the platform: `round` runs every `intervalMs` after the previous one ended. A failing round is
 * logged and the loop goes on (the round's transaction rolled its work back; the next round retries it). Stopped
 * through ctx.onClose, which waits for a round under way. `round` gets `stopped()` to end a long round early. Work that
 * should not wait for the interval wakes it (LoopHandle).
 *
 * A round that knows when its next work is due answers `restFor(ms)`: the loop then rests that long, at least
 * `intervalMs` (work due that cannot be done yet is not spun on) and at most `idleMs`, the bound on how late work the
 * loop was not woken for (made by another instance, or a clock moved by hand) is found. An idle platform then runs a
 * round a second rather than ten. A notice that work may have come nudges the loop: the next round then comes no later
 * than the interval after the last one ended, so a stream of notices never runs it more often than its interval.
 */
export function startLoop(
  ctx: AppContext,
  name: string,
  intervalMs: number,
  round: (stopped: () => boolean) => Promise<unknown>,
  idleMs = intervalMs,
): LoopHandle {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let inRound = false;
  let wokenInRound = false;
  let nudgedInRound = false;
  /** when the last round ended, and when the next is set to start (performance.now()) */
  let ended = 0;
  let nextAt = Infinity;
  const run = () => {
    timer = undefined;
    nextAt = Infinity;
    inRound = true;
    wokenInRound = false;
    nudgedInRound = false;
    const started = performance.now();
    running = round(() => stopped)
      .finally(() => ctx.metrics.loopRound(name, (performance.now() - started) / 1000))
      .then(
        (answer) => (answer instanceof Rest ? Math.min(idleMs, Math.max(intervalMs, answer.ms)) : intervalMs),
        (err) => {
          if (!stopped) ctx.log.warn({ err }, `${name} round failed`);
          return intervalMs;
        },
      )
      .then((rest) => {
        inRound = false;
        ended = performance.now();
        // work that arrived while the round was under way may have been missed by it: go again at once
        schedule(wokenInRound ? 0 : nudgedInRound ? intervalMs : rest);
      });
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    nextAt = performance.now() + ms;
    timer = setTimeout(run, ms);
  };
  schedule(intervalMs);
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
  ctx.onClose(stop);
  return {
    stop,
    wake() {
      if (stopped) return;
      if (inRound) wokenInRound = true;
      else if (timer !== undefined) {
        clearTimeout(timer);
        schedule(0);
      }
    },
    nudge() {
      if (stopped) return;
      if (inRound) nudgedInRound = true;
      else if (timer !== undefined && nextAt > ended + intervalMs) {
        clearTimeout(timer);
        schedule(Math.max(0, ended + intervalMs - performance.now()));
      }
    },
  };
}

export interface LoopHandle {
  /** runs the next round now (or right after the one under way) rather than after the interval. */
  wake(): void;
  /** runs the next round no later than the interval after the last one ended, however long it was to rest. */
  nudge(): void;
  /** no round after this; resolves once the one under way ended. The loop's owner calls it when its own teardown must
   * come after the last round (the platform's close stops every loop too, later). */
  stop(): Promise<void>;
}

class Rest {
  constructor(readonly ms: number) {}
}

/** A round's answer: its next known work is due in `ms` (Infinity: none known). */
export function restFor(ms: number): Rest {
  return new Rest(ms);
}

/** The answer of a round whose next work is due at the earliest of `next` (null: none known of that kind), as the
 * platform's clock reads `now`. */
export function restUntil(now: Date, ...next: Array<Date | string | null | undefined>): Rest {
  const due = next.filter((d) => d != null).map((d) => new Date(d).getTime());
  return new Rest(due.length === 0 ? Infinity : Math.min(...due) - now.getTime());
}

/** How late a loop that knows its next work finds work it was not woken for. */
export const IDLE_MS = 1000;
