import { expect, test, type Page } from '@playwright/test';
import { BASE, login } from './e2e-helpers';

// Cold start: the login page loads only the entry chunk, the console's chunks come once the operator
// starts typing a login (evaluated while they type, not when the login answers), and the service worker (registered
// after the first page) precaches every chunk and woff2 fonts but none of primeicons' unused eot/ttf/woff/svg files.
test.use({ serviceWorkers: 'allow' });

const CONSOLE_CHUNKS = /\/assets\/(logged-in-console|vendor-data|vendor-chart)-[^/]+\.js$/;
const pageScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );

test('login loads the entry chunk only; the service worker precaches the console without unused fonts', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${BASE}/login`);
  await expect(page.locator('#login-username')).toBeVisible();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const atLogin = await pageScripts(page);
  expect(atLogin.some((n) => /\/assets\/index-[^/]+\.js$/.test(n))).toBe(true);
  expect(atLogin.filter((n) => CONSOLE_CHUNKS.test(n))).toEqual([]);

  // what the service worker keeps for an offline start
  const precached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
    return urls;
  });
  expect(precached.filter((u) => CONSOLE_CHUNKS.test(u.split('?')[0])).length).toBe(3);
  expect(precached.some((u) => /primeicons-[^/]+\.woff2/.test(u))).toBe(true);
  expect(precached.filter((u) => /\.(eot|ttf|woff)(\?|$)|primeicons-[^/]+\.svg/.test(u))).toEqual([]);

  // typing a login brings the console's chunks, before the login is sent
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/user/login') && asked.push(r.url()));
  await page.locator('#login-username').pressSequentially('adm');
  await expect.poll(async () => (await pageScripts(page)).filter((n) => CONSOLE_CHUNKS.test(n)).length).toBe(3);
  expect(asked).toEqual([]);
  await login(page, 'admin', 'demo1234', { goto: false });
  await expect(page.locator('nav.side-menu')).toBeVisible();
  // the service worker controls the page, but the platform's calls go straight to the network by its static route:
  // none waited for a fetch event in the worker, on the cores the first page needs
  const api = await page.evaluate(() => ({
    controlled: !!navigator.serviceWorker.controller,
    calls: performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/sms-service-api/') && (e as PerformanceResourceTiming).workerStart > 0)
      .map((e) => [
        e.name.split('/').pop(),
        (e as PerformanceResourceTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
      ]),
  }));
  expect(api.controlled).toBe(true);
  expect(api.calls.map(([name]) => name)).toContain('login');
  expect(api.calls.filter(([, source]) => source !== 'network')).toEqual([]);
  expect(pageErrors).toEqual([]);
});
