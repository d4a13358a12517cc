// The browser bench's flags (see bench/run.ts) and the small helpers every phase of it shares.

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
export const RECORDS = Number(arg('records', '100000'));
export const PORT = Number(arg('port', '8484'));
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const API = `${ORIGIN}/sms-service-api`;
export const VERBOSE = process.argv.includes('--verbose');
/** `--profile-scroll`: samples the page's main thread from the login click to the first rows and while the table
 * scrolls, and prints where the time went (the profiles are kept in the temporary directory). */
export const PROFILE_SCROLL = process.argv.includes('--profile-scroll');
/** click as soon as the form is filled, racing the offline shell's install, to measure that race. */
export const RACE_INSTALL = process.argv.includes('--race-install');
/** --cold-only: stop after the cold first page (for working on it; BENCHMARKS.md is not rewritten). */
export const COLD_ONLY = process.argv.includes('--cold-only');
/** --trace-cold: a Chrome trace of the cold path; prints the page's main-thread tasks from the login answer to the rows */
export const TRACE_COLD = process.argv.includes('--trace-cold');

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
export const log = (...a: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
