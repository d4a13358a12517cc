import { defineConfig } from 'vitest/config';

// unit: pure code beside its module; api: the platform over real HTTP (PGlite and PostgreSQL);
// sync: RxDB in Node (fake-indexeddb) against a real platform.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'machines/**/*.test.ts', 'sync/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'platform/**/*.test.ts'],
          environment: 'node',
          // a deadline for a busy machine, not a speed: the sheet tests start worker threads that compile their
          // TypeScript first, and the time-zone sweep walks every minute around each transition
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/sync/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
