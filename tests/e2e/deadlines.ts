import { availableParallelism, loadavg } from 'node:os';

// How long an end-to-end wait may last: sized from the work it waits for (records the browser replicates, messages
// the platform sends, sheet rows it reads) and from how busy the machine is, never from one fast run. A deadline is
// an upper bound for a condition, not a measurement: nothing asserts that the work took less.

/** Records the default e2e server seeds (playwright.config.ts passes it on as SEED_RECORDS): enough for every list to
 * page, scroll and search (tens a day over the seed's 90 days), few enough that each fresh session's first backfill,
 * which every spec's login starts, stays short. How the console copes with volume is the heavy tests' subject, and
 * the browser replication bench's. */
export const SEED_RECORDS = Number(process.env.E2E_SEED_RECORDS || 2_000);
/** Records the heavy tests' server seeds: enough for every screen to have rows, few enough that a fresh session's
 * backfill there stays small beside the 100,000 rows those tests add. */
export const HEAVY_SEED_RECORDS = Number(process.env.E2E_HEAVY_SEED_RECORDS || 2_000);

/** How many times slower than a quiet 2-core machine this run is taken to be: E2E_SLOWDOWN when set, else the load
 * per core when the run started, counting the platforms and browsers the run itself adds (two workers, each a browser
 * beside its platform: about four busy processes, 2 on a quiet 2-core machine), at most 6 (a wait longer than that
 * means stuck, not slow). Measured once, in the runner, which hands it on through the environment to its workers: a
 * worker started later, beside the run's own busy browsers and platforms, would measure those too. */
function slowdown(): number {
  const given = Number(process.env.E2E_SLOWDOWN);
  if (given > 0) return given;
  const measured = Math.min(6, Math.max(1, (loadavg()[0] + 4) / availableParallelism()));
  const rounded = Math.round(measured * 10) / 10;
  process.env.E2E_SLOWDOWN = String(rounded);
  return rounded;
}
export const SLOWDOWN = slowdown();

/** A quiet machine's allowance for an amount of time, stretched by SLOWDOWN. */
export const scaled = (ms: number) => Math.round(ms * SLOWDOWN);

/** What a wait on a quiet 2-core machine needs before any work: a login and the local database's opening, a pull's
 * round trip, the carrier simulator's review and report (SIM_REVIEW_MS + SIM_REPORT_MS), the catch-up poll that
 * follows a lost change notice (~18 s). */
const BASE_MS = 30_000;
/** per record a fresh session replicates before the awaited one can show (pulled, written to IndexedDB, fed to the
 * search columns): the first backfill of the 20,000 seeded records with their replies, batches and statistics took
 * about 45 s there. */
const PER_RECORD_MS = 3;
/** per message the platform takes in, charges, dispatches and reports. */
const PER_MESSAGE_MS = 1;
/** per row of a sheet read and checked, in the browser's worker or on the platform (a send's numbers, an address
 * book import, a number check batch). */
const PER_SHEET_ROW_MS = 1.5;

export interface Work {
  /** records a session replicates before the condition can hold (a fresh session first backfills its account). */
  records?: number;
  /** messages the platform must send and report. */
  messages?: number;
  /** rows of a sheet to read and check, in the browser or on the platform. */
  sheetRows?: number;
}

/** ms a wait for this much work may take on this machine: a fixed part, a per-item allowance, times SLOWDOWN. */
export function deadlineFor(work: Work = {}): number {
  return scaled(
    BASE_MS +
      (work.records ?? 0) * PER_RECORD_MS +
      (work.messages ?? 0) * PER_MESSAGE_MS +
      (work.sheetRows ?? 0) * PER_SHEET_ROW_MS,
  );
}
