import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

// The platform as the browser benches use it: its own process on its own port and throwaway data directory, with
// the demo seeded to `seedRecords` MT records, the captcha off; answers once the console is served.
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The node flags `npm start` runs the platform with, read from its script in package.json so the benches measure
 * the process users run: a young generation of up to 32 MB a half
 * rather than 16, so the short-lived objects of a message's requests and statements die young instead of being
 * promoted and marked again. Beside Kannel on PostgreSQL it cut the platform's CPU per 1,000 messages from 0.40-0.44 s
 * to 0.38-0.43 s (BENCHMARKS.md). */
export const PLATFORM_NODE_FLAGS: string[] = (() => {
  const start: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const run = start.split(' && ').find((step) => step.startsWith('tsx ') && step.endsWith(' platform/main.ts'));
  if (!run) throw new Error('package.json: the start script no longer runs `tsx [flags] platform/main.ts`');
  return run.split(/\s+/).slice(1, -1);
})();

export const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];

export async function startBenchPlatform(
  port: number,
  name: string,
  seedRecords: number,
  opts: { timeoutMs?: number; pipeStderr?: boolean } = {},
): Promise<ChildProcess> {
  const dataDir = join(ROOT, `.tmp/${name}-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('npx', ['tsx', ...PLATFORM_NODE_FLAGS, 'platform/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SMPP_PORT: '0',
      // bench platforms run beside others: the metrics port is off unless a run measures it
      METRICS_PORT: process.env.BENCH_METRICS_PORT ?? '0',
      DATA_DIR: dataDir,
      SEED_RECORDS: String(seedRecords),
      CAPTCHA: 'off',
      CAPTCHAS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (const end = Date.now() + (opts.timeoutMs ?? 5 * 60_000); Date.now() < end;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/sms-cloud/`)).status === 200) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('platform did not start');
}

/** Logs in as admin through the console's form (captcha off) and waits for the dashboard. */
export async function browserLogin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/sms-cloud/login`);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('demo1234');
  await page.locator('form').first().locator('button[type=submit]').click();
  await page.waitForURL(/\/wel\/index$/);
}
