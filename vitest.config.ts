import { defineConfig } from 'vitest/config';

// unit: pure code beside its module; api: the platform over real HTTP (PGlite and PostgreSQL);
// sync: RxDB in Node (fake-indexeddb) against a real platform.
//
// Both cores are used: vitest's default is one worker fewer than the cores, one on a 2-core machine. The API files run
// three at a time (much of an API test waits on timers, sockets and child processes, not on a core), each platform on
// a database of its own (a copy of the run's prepared one, tests/helpers/prepared-db.ts) and on ports the system hands
// out; the files that run several platforms or carriers against each other, at volume, run after them one at a time
// (api-serial), so their fault windows do not stretch under a neighbour's load.
const SERIAL = ['tests/api/carrier-failover.test.ts', 'tests/api/two-instances.test.ts'];
const API_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 120_000 };
// Test files share their worker's modules (isolate off): the platform, PGlite and the sheet reader are loaded once per
// worker, not once per file, where loading them cost more than most files' tests. The unit files that replace modules,
// globals, timers or the environment keep a module graph of their own.
const UNIT = [
  'contract/**/*.test.ts',
  'machines/**/*.test.ts',
  'sync/**/*.test.ts',
  'src/**/*.test.{ts,tsx}',
  'platform/**/*.test.ts',
];
const UNIT_ISOLATED = [
  'sync/search/search-index.test.ts',
  'src/data/first-screen.test.ts',
  'src/table/virtual-table.test.ts',
  'src/table/first-sync-pages.test.ts',
  'src/accounts/live-balance.test.ts',
  'platform/core/background-loop.test.ts',
];
// a deadline for a busy machine, not a speed: the sheet tests start worker threads that compile their TypeScript
// first, and the time-zone sweep walks every minute around each transition
const UNIT_TIMEOUTS = { testTimeout: 60_000 };
// every platform the tests run, in process or as a child, checks that a transaction's statements use its handle
// (platform/db/db.ts ambientTransactions)
const env = { DB_CHECK_HANDLES: 'on' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: UNIT_ISOLATED,
          environment: 'node',
          env,
          maxWorkers: 2,
          isolate: false,
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          env,
          maxWorkers: 2,
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          exclude: SERIAL,
          environment: 'node',
          env,
          globalSetup: ['tests/helpers/global-postgres.ts'],
          ...API_TIMEOUTS,
          maxWorkers: 3,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'api-serial',
          include: SERIAL,
          environment: 'node',
          env,
          globalSetup: ['tests/helpers/global-postgres.ts'],
          ...API_TIMEOUTS,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
