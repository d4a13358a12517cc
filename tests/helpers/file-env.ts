import { afterAll, beforeAll } from 'vitest';

/** Sets environment variables for the tests of one file, and puts them back after it: the API files share their
 * worker's process (vitest.config.ts, isolate off), so a value one file needs must not reach the next. */
export function fileEnv(values: Record<string, string>): void {
  const before: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(values)) {
      before[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}
