import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { deadlineFor, scaled, SEED_RECORDS } from './deadlines';

// What every end-to-end spec does the same way: log in through the form (captcha off on the test server), open a
// fresh session in its own context, call the API as admin, find the rows of a list screen.
export const BASE = '/sms-cloud';
export const API = '/sms-service-api';

/** Navigates inside the single-page app (wouter follows pushState), as a menu click does: no reload, so it works
 * offline and keeps the session, its tabs and its local database as they are. */
export async function inApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${BASE}${path}`);
  await expect(page).toHaveURL(new RegExp(`${BASE}${path.replace(/[/?]/g, (c) => `\\${c}`)}$`));
}

/** Logs in through the login form and waits for the dashboard; answers the session token. */
export async function login(
  page: Page,
  username = 'admin',
  password = 'demo1234',
  opts: { goto?: boolean } = {},
): Promise<string> {
  if (opts.goto !== false) await page.goto(`${BASE}/login`);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/user/login'));
  await page.locator('form').first().locator('button[type=submit]').click();
  const token = ((await (await answer).json()) as { data?: { token?: string } }).data?.token ?? '';
  await expect(page).toHaveURL(new RegExp(`${BASE}/wel/index$`));
  return token;
}

/** Opens the user menu and asks to log out; answers the confirmation dialog, still open. */
export async function askLogout(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^用户菜单/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  return page.getByRole('dialog', { name: '退出登录' });
}

/** Logs out through the user menu, confirming, and waits for the login page. */
export async function logout(page: Page): Promise<void> {
  await (await askLogout(page)).getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/login$`));
}

// Contexts opened by session() are closed after each test: each keeps a replicating worker and a live change stream
// open, and left open they pile up through a file (the browser is shared by every test) and hold connections and cores.
const opened: BrowserContext[] = [];
/** Closes the contexts session() opened; each spec that uses session() calls it from test.afterEach. */
export async function closeSessions(): Promise<void> {
  for (const c of opened.splice(0)) await c.close().catch(() => undefined);
}

/** A logged-in page in a new browser context (its own cookies and local database), closed after the test. */
export async function session(browser: Browser, username = 'admin', password = 'demo1234'): Promise<Page> {
  const context = await browser.newContext();
  opened.push(context);
  const page = await context.newPage();
  await login(page, username, password);
  return page;
}

export async function apiToken(request: APIRequestContext, username = 'admin'): Promise<string> {
  const r = await request.post(`${API}/user/login`, {
    data: { username, password: Buffer.from('demo1234').toString('base64'), code: '', redomStr: '' },
  });
  return (await r.json()).data.token;
}

/** Calls an endpoint and expects 200; answers its `data`. */
export async function apiCall(request: APIRequestContext, token: string, path: string, data: unknown) {
  const r = await request.post(`${API}${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(r.status(), `${path}: ${await r.text()}`).toBe(200);
  return (await r.json()).data;
}

/** The data rows of the list screen on the page (not PrimeReact's empty-message row). */
export const rows = (page: Page) => page.locator('.table-screen tbody tr:not(.p-datatable-emptymessage)');

export { deadlineFor, scaled, SEED_RECORDS, SLOWDOWN } from './deadlines';

/** How long a fresh session's first backfill of the default server's data may take (its seed, and the few records
 * the other specs send). A test that waits for it sets its own timeout above this. */
export const BACKFILL_MS = deadlineFor({ records: SEED_RECORDS });

/** Waits until the sync indicator says the replication is live: the session's first backfill is done. A server
 * holding more than the default seed passes the deadline for what it holds. */
export const live = (page: Page, timeout = BACKFILL_MS) =>
  expect(page.locator('[data-testid=sync-status]')).toHaveAttribute('data-status', 'live', { timeout });

/** Waits until the server of this test's project answers: the heavy tests' server is launched, not waited for, when
 * the run starts (playwright.config.ts). Its start takes ~10 s on a quiet machine, most of it before the seed. */
export async function serverUp(baseURL: string, timeout = scaled(60_000)): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const ok = await fetch(`${baseURL}${BASE}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${baseURL} did not answer within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** `test.beforeAll(projectServerUp)`: a spec run against the heavy tests' server waits for it before its first test. */
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern: none
export const projectServerUp = async ({}, testInfo: TestInfo) => serverUp(testInfo.project.use.baseURL!);
