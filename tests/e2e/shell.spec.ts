import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, askLogout, inApp, login, live, logout, rows, API, BASE, deadlineFor } from './e2e-helpers';

// The console shell end to end in Debian's Chromium against the server `npm start` runs (captcha off).

const tabPaths = (page: Page) =>
  page.locator('.tab-bar li.tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));

test('console shell: login, dashboard, tabs, lock, language, 404, revoked token, product gate', async ({
  page,
  context,
  request,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // / -> /login, in Chinese (the suite's browser is zh-CN, and nothing was chosen yet)
  await page.goto(`${BASE}/`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/login$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();

  // admin -> the home dashboard with its chart
  await login(page, 'admin');
  await expect(page.locator('.dashboard-chart canvas[data-drawn]')).toBeVisible();
  await expect(page.locator('.stat-card').first()).toBeVisible();

  // three menu pages open as tabs; close others from the right-click menu
  for (const path of ['/rechargeList', '/addressBookList', '/contentTemplateList']) {
    await page.locator(`nav.side-menu a[href="${BASE}${path}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}${path}$`));
  }
  await expect
    .poll(() => tabPaths(page))
    .toEqual(['/wel/index', '/rechargeList', '/addressBookList', '/contentTemplateList']);
  await page.locator('.tab-bar li.tab[data-path="/addressBookList"]').click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect.poll(() => tabPaths(page)).toEqual(['/wel/index', '/addressBookList']);
  await expect(page).toHaveURL(new RegExp(`${BASE}/addressBookList$`));

  // lock: an empty password is refused; locked survives a reload; a wrong password is refused; the right one unlocks
  await page.getByRole('button', { name: '锁屏' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '锁屏' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '锁屏密码不能为空' })).toBeVisible();
  await page.locator('#lock-password').fill('lockpw');
  await page.getByRole('dialog').getByRole('button', { name: '锁屏' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/lock$`));
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${BASE}/lock$`));
  await page.goto(`${BASE}/wel/index`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/lock$`));
  await page.locator('#unlock-password').fill('wrong');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '锁屏密码错误' })).toBeVisible();
  await page.locator('#unlock-password').fill('lockpw');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/wel/index$`));

  // English: the UI changes and the next call says Accept-Language: en
  const englishCall = page.waitForRequest(
    (r) => r.url().includes('/sms-service-api/') && r.headers()['accept-language'] === 'en',
  );
  await page.locator('.language-dropdown').click();
  await page.getByRole('option', { name: 'English' }).click();
  await englishCall;
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Lock screen' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'SMS overview' })).toBeVisible();

  // an unknown path -> /404
  await page.goto(`${BASE}/no/such/page`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/404$`));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // the token revoked on the platform: the next call lands on /login
  const token = (await context.cookies()).find((c) => c.name === 'Authorization')?.value;
  expect(token).toBeTruthy();
  const revoked = await request.post('/sms-service-api/user/logout', {
    headers: { Authorization: `Bearer ${decodeURIComponent(token!)}` },
    data: {},
  });
  expect(revoked.status()).toBe(200);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/login$`));
  expect((await context.cookies()).find((c) => c.name === 'Authorization')).toBeUndefined();

  // user: international SMS is not granted -> the warning, and the product does not switch
  await login(page, 'user');
  await page.getByRole('button', { name: 'International SMS' }).click();
  await expect(page.getByText('This product is not yet enabled, submit an application to enable it')).toBeVisible();
  await expect(page.getByRole('button', { name: 'International SMS' })).toHaveAttribute('aria-pressed', 'false');

  expect(pageErrors).toEqual([]);
});

// With no language chosen, the login page speaks the browser's language when the console has it; a choice saved
// before wins over the browser.
for (const { locale, lang, heading, tab } of [
  { locale: 'en-US', lang: 'en', heading: 'Log in', tab: 'Password login' },
  { locale: 'zh-CN', lang: 'zh', heading: '登录', tab: '账号密码登录' },
]) {
  test.describe(`a browser in ${locale}`, () => {
    test.use({ locale });

    test(`the login page starts in ${lang} when nothing was chosen`, async ({ page }) => {
      await page.goto(`${BASE}/login`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    });
  });
}

test.describe('a browser in en-US with Chinese chosen before', () => {
  test.use({ locale: 'en-US' });

  test('the login page keeps the saved choice', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'zh'));
    await page.goto(`${BASE}/login`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  });
});

test('offline start: a cached session opens from cache and says offline', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${BASE}/login`);
  await login(page, 'admin');
  await expect(page.locator('.dashboard-chart canvas')).toBeVisible();
  await expect(page.locator(`nav.side-menu a[href="${BASE}/rechargeList"]`)).toBeVisible();

  // the platform becomes unreachable; the page reloads (the built assets are still served)
  await page.route('**/sms-service-api/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`${BASE}/wel/index$`));
  await expect(page.getByRole('status').filter({ hasText: '离线' })).toBeVisible();
  await expect(page.getByText(/离线：显示 .* 缓存的数据/)).toBeVisible();
  await expect(page.locator('.dashboard-chart canvas[data-drawn]')).toBeVisible();
  await expect(page.locator(`nav.side-menu a[href="${BASE}/rechargeList"]`)).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('log viewer: runtime errors are captured, badge caps at 99, upload and clear after confirmation', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${BASE}/login`);
  await login(page, 'admin');

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
    void Promise.reject(new Error('e2e rejection'));
  });
  await expect(page.getByRole('button', { name: '错误日志 (2)' })).toBeVisible();
  await page.getByRole('button', { name: '错误日志 (2)' }).click();
  const viewer = page.getByRole('dialog', { name: '错误日志' });
  await expect(viewer.getByRole('cell', { name: 'e2e boom' })).toBeVisible();
  await expect(viewer.getByRole('cell', { name: 'unhandledrejection' })).toBeVisible();

  const uploaded = page.waitForResponse((r) => r.url().endsWith('/sms-service-api/log/upload'));
  await viewer.getByRole('button', { name: '上传日志' }).click();
  await page.getByRole('dialog', { name: '上传日志' }).getByRole('button', { name: '确定' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByText('发送成功')).toBeVisible();
  await expect(viewer.getByText('暂无错误日志')).toBeVisible();
  await viewer.getByRole('button', { name: '关闭' }).click();

  // more than 99 entries show 99+; clearing asks first
  await page.evaluate(() => {
    const entry = { type: 'error', url: location.href, message: 'old', time: Date.now(), stack: '' };
    localStorage.setItem('errorLog', JSON.stringify(Array.from({ length: 120 }, () => entry)));
  });
  await page.reload();
  await expect(page.getByRole('button', { name: '错误日志 (99+)' })).toBeVisible();
  await page.getByRole('button', { name: '错误日志 (99+)' }).click();
  await viewer.getByRole('button', { name: '清除日志' }).click();
  await page.getByRole('dialog', { name: '清除日志' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('清除成功')).toBeVisible();
  await expect(page.getByRole('button', { name: '错误日志', exact: true })).toBeVisible();
  expect(pageErrors).toEqual(['e2e boom', 'e2e rejection']);
});

test('keyboard: skip link, menu search (prefix, Esc closes), user menu logout with confirmation; feedback says submitted', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${BASE}/login`);
  await login(page, 'admin');

  // the first Tab reaches the skip link, which moves focus to the main landmark
  await page.locator('body').press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // menu search from the keyboard: a case-insensitive prefix, Enter opens the first hit, Esc closes
  await page.getByRole('button', { name: '搜索菜单' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: '搜索菜单' })).toBeFocused();
  await page.keyboard.type('充值');
  await expect(page.locator('#menu-search-results button')).toHaveText(['充值记录']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${BASE}/rechargeList$`));
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.keyboard.type('记录');
  await expect(page.locator('#menu-search-results')).toContainText('没有匹配的菜单');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('searchbox', { name: '搜索菜单' })).toHaveCount(0);

  // feedback: text is required; then it only says submitted
  await page.getByRole('button', { name: '意见反馈' }).click();
  const feedback = page.getByRole('dialog', { name: '意见反馈' });
  await feedback.getByRole('button', { name: '提交' }).click();
  await expect(feedback.getByText('请填写反馈内容')).toBeVisible();
  await feedback.getByLabel('反馈内容').fill('图表很好用');
  await feedback.getByRole('button', { name: '提交' }).click();
  await expect(feedback.getByText('已提交')).toBeVisible();
  await feedback.getByRole('button', { name: '关闭' }).click();

  // logout asks first; cancelling keeps the session, confirming ends it
  await (await askLogout(page)).getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/rechargeList$`));
  await logout(page);
  await page.goto(`${BASE}/wel/index`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/login$`));
  expect(pageErrors).toEqual([]);
});

test('a product menu that cannot be loaded says so and offers a retry, never "no access"', async ({ page }) => {
  // every product menu but the user centre's is dropped, as a failing network would
  const menus = `**${API}/user/getMenu`;
  // failing until the retry is pressed: a load the console starts on its own meanwhile (a refreshed session asks for
  // its menus again) fails too, rather than taking the notice away before the button is pressed
  let failing = true;
  await page.route(menus, (r) =>
    !failing || (r.request().postDataJSON() as { permCode?: string } | null)?.permCode === 'userCenter'
      ? r.continue()
      : r.abort(),
  );
  await login(page);
  // the send records open on the top menu's grant alone (ScreenDefinition.grantedBy): the product is granted, its
  // menu is only on its way (here: never comes)
  await page.goto(`${BASE}/mtRecordList`);
  await expect(page.locator('.table-screen tbody tr:not(.p-datatable-emptymessage)').first()).toBeVisible();
  // a screen that needs its menu's leaf waits for it: asked again three times first, then said
  await page.goto(`${BASE}/pageTimeBatchList`);
  const failed = page.getByTestId('menus-failed');
  await expect(failed).toBeVisible({ timeout: deadlineFor() });
  await expect(page).toHaveURL(new RegExp(`${BASE}/pageTimeBatchList$`));
  failing = false;
  await failed.getByRole('button').click();
  await expect(failed).toHaveCount(0);
  await expect(page.locator('.table-screen')).toBeVisible();
});

test('a records URL of a product the top menu does not grant opens nothing, even before the menus are here', async ({
  page,
}) => {
  // the menus of the granted products are held back: the top menu alone decides meanwhile
  const menus = `**${API}/user/getMenu`;
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(menus, async (r) =>
    (r.request().postDataJSON() as { permCode?: string } | null)?.permCode === 'userCenter'
      ? r.continue()
      : (await held, r.continue()),
  );
  // (the sub-account holds domestic and video SMS, not international)
  await login(page, 'user');
  await page.goto(`${BASE}/inteMtRecordList`);
  await expect(page.locator('main .p-progress-spinner')).toBeVisible();
  await expect(page.locator('.table-screen')).toHaveCount(0);
  release();
  await expect(page.getByTestId('product-not-enabled')).toBeVisible();
  await expect(page.locator('.table-screen')).toHaveCount(0);
});

test('the bell shows a platform notice as it arrives, and marking all read clears its badge', async ({
  page,
  request,
}) => {
  await login(page, 'admin');
  const bell = page.getByTestId('notice-bell');
  const badge = page.getByTestId('notice-badge');
  // whatever earlier specs left unread goes first
  await bell.click();
  await expect(page.locator('.notice-panel')).toBeVisible();
  const markAll = page.getByTestId('notice-mark-all');
  if ((await markAll.count()) > 0 && (await markAll.isEnabled())) await markAll.click();
  await page.keyboard.press('Escape');
  await expect(badge).toHaveCount(0);
  // a sub-account change is told to the enterprise admin: the closed SUB004 opened, then closed again as it was
  const token = await apiToken(request, 'admin');
  await apiCall(request, token, '/customer/openCustomer', { cus_id: 'SUB004' });
  await apiCall(request, token, '/customer/closeCustomer', { cus_id: 'SUB004' });
  await expect(badge).toBeVisible();
  await expect(bell).toHaveAccessibleName(/通知（\d+ 条未读）/);
  await bell.click();
  const closed = page.locator('[data-notice="subAccountClosed"]').first();
  await expect(closed).toContainText('子账号 SUB004');
  await expect(closed).toHaveAttribute('data-unread', 'true');
  await expect(markAll).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(badge).toHaveCount(0);
  await expect(closed).toHaveAttribute('data-unread', 'false');
});

/** The IndexedDB databases of the page's origin that hold an account's local copy (records, search columns). */
const localCopies = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((d) => d.name ?? '')
      .filter((n) => n.startsWith('rxdb-dexie-smsc_') || n.endsWith('--search')),
  );
const cacheMarks = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('sms-cloud.localDb')));

test('logout takes the account copy off the browser, the lock screen keeps it, and a change queued offline is named first', async ({
  page,
  context,
}) => {
  await login(page, 'admin');
  await live(page);
  await expect.poll(async () => (await localCopies(page)).length).toBeGreaterThan(0);
  const held = await localCopies(page);
  expect(await cacheMarks(page)).not.toEqual([]);

  // locking keeps the copy
  await page.getByRole('button', { name: '锁屏' }).click();
  await page.locator('#lock-password').fill('lockpw');
  await page.getByRole('dialog').getByRole('button', { name: '锁屏' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/lock$`));
  await page.locator('#unlock-password').fill('lockpw');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${BASE}/lock$`));
  expect(await localCopies(page)).toEqual(held);

  // a timed batch paused offline waits in the outbox: the logout confirmation says it would be lost
  await context.setOffline(true);
  await inApp(page, '/pageTimeBatchList?send_status=0');
  const row = rows(page).first();
  await expect(row).toBeVisible();
  await row.locator('[data-testid=op-pause]').click();
  await page.locator('.p-confirm-dialog-accept').click();
  await expect(row.locator('[data-testid=pending-mark]')).toBeVisible();
  // the top bar counts it and never says synced meanwhile
  await expect(page.getByTestId('sync-waiting')).toHaveText('1 项待提交');
  await expect(page.getByTestId('sync-status')).not.toContainText('已同步');
  const confirm = await askLogout(page);
  await expect(confirm).toContainText('本浏览器中缓存的本账号数据将被清除');
  await expect(confirm).toContainText('还有 1 项修改尚未同步到平台，退出后将丢失');
  await confirm.getByRole('button', { name: '取消' }).click();

  // back online the change goes out; then logout removes every database of the copy and the marks that name it
  await context.setOffline(false);
  await expect(row.locator('[data-testid=pending-mark]')).toHaveCount(0, { timeout: deadlineFor() });
  await expect(page.getByTestId('sync-waiting')).toHaveCount(0);
  await askLogout(page);
  await expect(confirm).not.toContainText('尚未同步');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/login$`));
  await expect.poll(() => localCopies(page), { timeout: deadlineFor() }).toEqual([]);
  expect(await cacheMarks(page)).toEqual([]);
});
