import { expect, test } from '@playwright/test';
import { apiCall, apiToken, BACKFILL_MS, BASE, closeSessions, live, login, session } from './e2e-helpers';

// What a new user meets on a console whose platform runs with CAPTCHA=off: no captcha asked at login, no page
// under construction, a bell that tells of a low balance, and a balance that follows the sends.

test.afterEach(closeSessions);

test('the login form asks no captcha when the platform does not', async ({ page }) => {
  const captcha = page.waitForResponse((r) => r.url().endsWith('/user/captcha'));
  await page.goto(`${BASE}/login`);
  expect(((await (await captcha).json()) as { data: { required: boolean } }).data.required).toBe(false);
  await expect(page.locator('#login-password')).toBeVisible();
  await expect(page.locator('#login-code')).toHaveCount(0);
  await expect(page.getByText('验证码', { exact: true })).toHaveCount(0);
  await login(page, 'admin', 'demo1234', { goto: false });
});

test('/form-detail/index is no page of its own: it goes to 404 like any unknown path', async ({ browser }) => {
  const page = await session(browser, 'admin');
  await page.goto(`${BASE}/form-detail/index`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/404$`));
  await expect(page.locator('.coming-soon')).toHaveCount(0);
});

test('the bell tells of a balance that falls below the warning level, and personal info shows the balance after a send', async ({
  browser,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + 90_000);
  const token = await apiToken(request, 'user');
  const before = (await apiCall(request, token, '/user/getUserInfo', {})).authUser.balance as number;
  // a level just below the balance: the platform warns when a send takes the balance across it
  await apiCall(request, token, '/warn/modifyCusBneWarn', {
    cus_id: 'SUB001',
    enabled: true,
    warnBalance: (before - 0.01).toFixed(2),
    warnMobiles: '13800000009',
  });
  const page = await session(browser, 'user');
  await apiCall(request, token, '/user/groupSend', {
    cus_id: 'SUB001',
    content: '余额预警测试',
    mobiles: '13900003301',
  });
  await page.getByTestId('notice-bell').click();
  await expect(page.locator('[data-notice="balanceLow"]').first()).toContainText('余额预警', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  const sentOnce = (await apiCall(request, token, '/user/getUserInfo', {})).authUser.balance as number;

  await page.goto(`${BASE}/info/index`);
  // a send's records move the balance once the local database follows the feed (the backfill's pages do not)
  await live(page);
  const shown = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const balanceRow = page
    .locator('.info-list div')
    .filter({ has: page.locator('dt', { hasText: /^余额/ }) })
    .locator('dd');
  await expect(balanceRow).toHaveText(new RegExp(shown(sentOnce).replace(/[.,]/g, '\\$&')));
  await apiCall(request, token, '/user/groupSend', {
    cus_id: 'SUB001',
    content: '余额跟随测试',
    mobiles: '13900003302',
  });
  const after = (await apiCall(request, token, '/user/getUserInfo', {})).authUser.balance as number;
  expect(after).toBeLessThan(sentOnce);
  await expect(balanceRow).toHaveText(new RegExp(shown(after).replace(/[.,]/g, '\\$&')), { timeout: 30_000 });
  // the other specs meet the account as it was
  await apiCall(request, token, '/warn/modifyCusBneWarn', {
    cus_id: 'SUB001',
    enabled: false,
    warnBalance: '0',
    warnMobiles: '',
  });
});
