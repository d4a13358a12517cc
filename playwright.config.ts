import { defineConfig } from '@playwright/test';
import { HEAVY_SEED_RECORDS, SEED_RECORDS, scaled } from './tests/e2e/deadlines';

// End-to-end in Debian's Chromium (never a downloaded browser) against the same server `npm start` runs,
// on a throwaway data directory with a small record volume and the captcha off for the robot.
//
// Two servers. The tests that put 100,000 rows on the platform (tests/e2e/heavy/) run against their own, on the next
// port: on the shared one every later test's fresh session backfilled those rows too, so its waits depended on
// which specs had run before. Nothing waits on their server's leftover work (a 100,000-message send goes on
// dispatching after its test).
const PORT = Number(process.env.E2E_PORT ?? 8181);
const HEAVY_PORT = PORT + 1;
/** specs that only read the shared server and hold whatever its data: they run beside the others' sends */
const READERS = [
  'a11y.spec.ts',
  'layout.spec.ts',
  'layout-lists.spec.ts',
  'security.spec.ts',
  'cold-start.spec.ts',
  'console-served.spec.ts',
];
/** specs that pass on any freshly seeded server, run on the heavy tests' server before them, on the worker that
 * has finished the readers: the e2e specs' worker, walking the rest in turn, is the run's longest */
const APART = ['library.spec.ts', 'accounts.spec.ts', 'tools.spec.ts'];
// SMPP on any free port (the smpp spec asks the platform which), so runs side by side never claim the same one
const platform = (port: number, seed: number) =>
  `rm -rf .tmp/e2e-data-${port} && DATA_DIR=.tmp/e2e-data-${port} PORT=${port} SEED_RECORDS=${seed} SMPP_PORT=auto METRICS_PORT=0 CAPTCHA=off CAPTCHAS_PER_ADDRESS=100000 LOG_LEVEL=warn DB_CHECK_HANDLES=on SIM_REVIEW_MS=500 SIM_REPORT_MS=800 exec npx tsx platform/main.ts`;
// Playwright waits for each server before it starts the next: the heavy one is only launched here (started beside
// the default server rather than after it), and its spec waits for it to answer. Its launch fails at once, as
// Playwright's own check does for the default server, when something already listens on its port.
const portFree = (port: number) =>
  `node -e "require('net').connect(${port}, '127.0.0.1').on('connect', () => { console.error('port ${port} is already used'); process.exit(1); }).on('error', () => process.exit(0))"`;

export default defineConfig({
  testDir: 'tests/e2e',
  // baselines are named without the project (e2e, heavy): the projects share them, and their names stay those taken
  // before the suite had projects
  snapshotPathTemplate: '{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  // per port, as the data directories are: a run clears its output folder first, and runs side by side must not clear
  // each other's (a test's files vanished under it)
  outputDir: `test-results/e2e-${PORT}`,
  // a quiet machine's allowances, stretched by the load the run started under (tests/e2e/deadlines.ts)
  timeout: scaled(90_000),
  expect: { timeout: scaled(15_000) },
  // two workers: one walks the e2e specs in turn against the shared server; the other takes the specs that only read
  // and hold whatever the data (the accessibility audits, the layout checks with their data masked, the security and
  // start-up checks) against the same server meanwhile, then the specs kept apart and the heavy tests against theirs.
  // A single worker left a core idle while the browser waited on the platform, and ran the audits' and heavy tests'
  // eleven minutes after the rest.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // the console starts in the browser's language until one is chosen, and the specs are written against its
    // default, Chinese: their browser says so (Chromium otherwise says en-US)
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    // A fresh context installs the service worker, which fetches and stores the whole console (5 MB) for an offline
    // start: about 1.9 s of the browser's CPU a login, a fifth of what a session's start costs it, paid by every test.
    // The specs about offline starts and what the worker keeps let it run (cold-start, sync, search).
    serviceWorkers: 'block',
  },
  // one worker each, taken in this order: the e2e specs share their server's data (one spec's sends show in another's
  // lists), and the heavy tests run in order on theirs (each on a platform that finished the one before), after the
  // readers, so that their server's leftover dispatch overlaps as little of the other specs as it can
  projects: [
    { name: 'e2e', testIgnore: ['heavy/**', ...READERS, ...APART], workers: 1 },
    { name: 'readers', testMatch: READERS, workers: 1 },
    // before the heavy tests, never beside them: their sessions would backfill the 100,000 members imported there
    { name: 'apart', testMatch: APART, workers: 1, use: { baseURL: `http://127.0.0.1:${HEAVY_PORT}` } },
    {
      name: 'heavy',
      testDir: 'tests/e2e/heavy',
      workers: 1,
      dependencies: ['apart'],
      use: { baseURL: `http://127.0.0.1:${HEAVY_PORT}` },
    },
  ],
  webServer: [
    {
      name: 'heavy',
      command: `${portFree(HEAVY_PORT)} && echo "heavy platform launched" && ${platform(HEAVY_PORT, HEAVY_SEED_RECORDS)}`,
      wait: { stdout: /heavy platform launched/ },
      stdout: 'pipe',
    },
    {
      command: platform(PORT, SEED_RECORDS),
      url: `http://127.0.0.1:${PORT}/sms-cloud/`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
