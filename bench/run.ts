import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startBenchPlatform } from './bench-platform';
import { writeResults } from './browser-results';
import { coldFirstPage } from './cold-first-page';
import { measureLocalSearch } from './local-search';
import { measurePlatform } from './platform-cases';
import { COLD_ONLY, log, PORT, PROFILE_SCROLL, RECORDS, round, TRACE_COLD } from './run-options';
import { measureStorage } from './storage-ceilings';
import { syncAndScroll } from './sync-scrolling';

// `npm run bench [-- --records 1000000]`: Chromium against a platform seeded with N records. Everything below is
// measured in the same run; the figures go to bench/results/latest.json and the table in BENCHMARKS.md.
// `--verbose` also prints what happened between the login click and the first rows (requests, URL changes);
// `--race-install` clicks before the service worker's install has finished.
// The phases, in order: the platform's lists, the cold first page in the browser, the sync with the table scrolled,
// the warm local searches, then raw write rates, storage and memory.

async function main() {
  log(`records ${RECORDS}: building the console`);
  // (unminified when profiling, so the profile names functions)
  execSync(`npx vite build${PROFILE_SCROLL || TRACE_COLD ? ' --minify false' : ''}`, { cwd: ROOT, stdio: 'ignore' });
  log('starting and seeding the platform');
  const platform = await startBenchPlatform(PORT, 'bench-data', RECORDS, { timeoutMs: 30 * 60_000 });
  // a persistent profile, as a user's browser has: an incognito context keeps IndexedDB in memory under a small quota
  // (QuotaExceededError at about 800,000 records), so 1M records could never finish there
  const profile = mkdtempSync(join(tmpdir(), 'sms-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
    // the console starts in the browser's language: the figures are those of its default, Chinese
    locale: 'zh-CN',
    // the raw Dexie ceiling injects Dexie into the page, which the console's CSP (script-src 'self') forbids
    bypassCSP: true,
  });
  try {
    const platformPhase = await measurePlatform();
    const cold = await coldFirstPage(context);
    if (COLD_ONLY)
      return log(
        `cold first page after login ${round(cold.coldAfterLogin)} ms (in the page ${round(cold.coldAfterLoginInPage)} ms), platform first page ${round(platformPhase.platformFirst)} ms (then a median of ${round(platformPhase.platformFirstMedian)} ms)`,
      );
    const sync = await syncAndScroll(cold.page, cold.t0);
    const local = await measureLocalSearch(cold.page, platformPhase.cases, platformPhase.platformTimes);
    const ceilings = await measureStorage(cold.page);
    writeResults({ platform: platformPhase, cold, sync, local, ceilings });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    if (platform.pid) process.kill(-platform.pid, 'SIGTERM');
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
