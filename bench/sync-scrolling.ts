import type { Page } from 'playwright-core';
import { p95 } from './bench-platform';
import { LOAF_TEXT, profiled, scrollFrames } from './page-profiling';
import { log, round, VERBOSE } from './run-options';

// The sync after the cold first page: the table scrolled while the backfill fills the cache, the wait until the
// replication is live, the same scrolling when idle, and what was synced.

/** `t0` is the login click, from which the sync's time is counted. */
export async function syncAndScroll(page: Page, t0: number) {
  // scrolling while the backfill runs, as a user would: every frame's gap over 3 s of scrolling the records table
  // (60 frames/s is 16.7 ms; a gap over 50 ms is a visible stutter)
  await page
    .locator('[data-testid=sync-status][data-status=backfill]')
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  const frameGaps = await profiled(page, 'scrolling during backfill', () => scrollFrames(page));
  const scrolledDuringBackfill = await page.locator('[data-testid=sync-status][data-status=backfill]').count();
  log(
    `scrolling during backfill (${scrolledDuringBackfill ? 'still filling' : 'backfill had ended'}): ${frameGaps.length} frames, p95 ${round(p95(frameGaps))} ms`,
  );
  // where in the 3 s the long frames fell (ms from the start of the scrolling, and their length)
  if (VERBOSE) {
    let at = 0;
    const long = frameGaps.flatMap((g) => ((at += g), g > 50 ? [`${round(at, 0)} (${round(g, 0)})`] : []));
    log('  frames over 50 ms at', long.join(', ') || 'none');
    // the long animation frames of the scrolling, with the scripts that ran in them (ms from its start)
    // (a string: tsx names the functions of a closure with a helper the page does not have)
    const loaf = (await page.evaluate(`(() => {
      const from = window.__scrollStart;
      return window.__loafList.filter((e) => e.startTime >= from && e.startTime <= from + 3100).map((e) => Math.round(e.startTime - from) + ': ' + (${LOAF_TEXT})(e));
    })()`)) as string[];
    for (const line of loaf) log(`  long frame at ${line}`);
  }
  await page.locator('[data-testid=sync-status][data-status=live]').waitFor({ timeout: 60 * 60_000 });
  const syncMs = performance.now() - t0;
  // the same scrolling with the cache full and the replication idle: what the backfill costs is the difference
  await page.evaluate(() =>
    document.querySelector('.table-screen .p-virtualscroller, .table-screen .p-datatable-wrapper')?.scrollTo(0, 0),
  );
  const idleGaps = await profiled(page, 'scrolling when idle', () => scrollFrames(page));
  const counts = await page.evaluate(async () => {
    const bench = (window as unknown as { __smsBench: { store: { count(n: string): Promise<number> } } }).__smsBench;
    const names = ['mt_records', 'mo_records', 'batches', 'time_batches', 'time_mt_messages', 'statistics'];
    const out: Record<string, number> = {};
    for (const n of names) out[n] = await bench.store.count(n);
    return out;
  });
  const synced = Object.values(counts).reduce((a, b) => a + b, 0);
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number }).__longTasks);
  log(`synced ${synced} documents in ${round(syncMs)} ms`, counts);
  return { frameGaps, idleGaps, syncMs, synced, longTasks };
}
