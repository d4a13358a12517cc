import { defineConfig } from '@playwright/test';

// End-to-end in Debian's Chromium (never a downloaded browser) against the same server `npm start` runs,
// on a throwaway data directory with a small record volume and the captcha off for the robot.
const PORT = Number(process.env.E2E_PORT ?? 8181);
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${PORT} && DATA_DIR=.tmp/e2e-data-${PORT} PORT=${PORT} SEED_RECORDS=\${E2E_SEED_RECORDS:-20000} CAPTCHA=off CAPTCHAS_PER_ADDRESS=100000 LOG_LEVEL=warn SIM_REVIEW_MS=500 SIM_REPORT_MS=800 npx tsx platform/main.ts`,
    url: `http://127.0.0.1:${PORT}/sms-cloud/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
