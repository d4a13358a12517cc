import { expect, test, type Page } from '@playwright/test';
import { BASE, closeSessions, login, scaled, session } from './e2e-helpers';

// The platform operator's carrier screens on the default server, whose platform binds to the simulator as an SMSC (one
// transceiver bind, named `simulator`): the live list, disabling (asked first, said to drain) and enabling it again,
// the route test, the audit of what was done; and no enterprise login reaching any of it.

test.afterEach(closeSessions);

const menuLink = (page: Page, path: string) => page.locator(`nav.side-menu a[href="${BASE}${path}"]`);

test('the operator disables and enables a carrier, tests a route and finds the change in the audit', async ({
  page,
}) => {
  test.setTimeout(scaled(120_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // the operator's account holds no products: the console still opens on a working dashboard
  await login(page, 'operator');
  await menuLink(page, '/carrierStatus').click();
  const table = page.getByTestId('carrier-status').getByRole('table', { name: '通道状态' });
  const simulator = table.locator('tbody tr', { hasText: 'simulator' });
  await expect(simulator).toHaveCount(1);
  const state = simulator.getByTestId('carrier-state');
  await expect(state).toHaveAttribute('data-state', 'active');
  await expect(state).toHaveText('正常');

  // disabling asks first and says that the carrier drains; the answer is the platform's, and the focus comes back
  const toggle = simulator.getByRole('button', { name: '停用通道 simulator' });
  await toggle.click();
  const confirm = page.locator('.p-confirm-dialog');
  await expect(confirm).toContainText('排空');
  await confirm.getByRole('button', { name: '停用并排空' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: '通道 simulator 已停用' })).toBeVisible();
  await expect(state).toHaveAttribute('data-state', /disabled|draining/);
  const enable = simulator.getByRole('button', { name: '启用通道 simulator' });
  await expect(enable).toBeFocused();
  await enable.click();
  await expect(page.locator('.p-toast-message').filter({ hasText: '通道 simulator 已启用' })).toBeVisible();
  // it binds again on its own within a reconnect wait
  await expect(state).toHaveAttribute('data-state', 'active', { timeout: scaled(30_000) });

  await menuLink(page, '/carrierRoutes').click();
  await expect(
    page
      .getByTestId('routes')
      .getByRole('table', { name: '路由' })
      .locator('tbody tr', { hasText: 'simulator' })
      .first(),
  ).toBeVisible();
  const panel = page.getByTestId('route-test');
  await panel.getByLabel('手机号').fill('13800000001');
  await panel.getByRole('button', { name: '测试' }).click();
  await expect(page.getByTestId('route-test-carrier')).toHaveText('simulator');
  await expect(page.getByTestId('route-test-reason')).toContainText('simulator');

  // a route may let international messages go out from their sender id: a labelled checkbox, ticked from the keyboard,
  // shown in the list once saved; unticked again so the server's other specs send as before
  const routeRow = page
    .getByTestId('routes')
    .getByRole('table', { name: '路由' })
    .locator('tbody tr', { hasText: 'simulator' })
    .first();
  await expect(routeRow.getByRole('cell', { name: '不允许', exact: true })).toBeVisible();
  const allowSenderIds = async (tick: boolean) => {
    await routeRow.getByTestId('route-edit-open').click();
    const box = page.getByTestId('route-edit').getByLabel('国际短信以发送方 ID 作源地址发出（允许字母数字）');
    await expect(box).toBeChecked({ checked: !tick });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: tick });
    await page.getByTestId('route-edit-submit').click();
    await expect(page.getByTestId('route-edit')).toHaveCount(0);
    await expect(routeRow.getByRole('cell', { name: tick ? '允许' : '不允许', exact: true })).toBeVisible();
  };
  await allowSenderIds(true);
  await allowSenderIds(false);

  await menuLink(page, '/carrierAudit').click();
  const disabled = page
    .getByTestId('carrier-audit')
    .locator('tbody tr', { hasText: '停用' })
    .filter({ hasText: 'simulator' })
    .first();
  await expect(disabled).toBeVisible();
  await expect(disabled.getByTestId('audit-change')).toHaveText('enabled: true → false');
  const routeChange = page.getByTestId('carrier-audit').locator('tbody tr', { hasText: '修改路由' }).first();
  await expect(routeChange.getByTestId('audit-change')).toContainText('alphaSenderIds: true → 无');
  expect(errors).toEqual([]);
});

test('enterprise logins have no carrier entry, and each typed carrier URL opens the refusal page without asking', async ({
  browser,
}) => {
  for (const [who, path] of [
    ['admin', '/carrierRoutes'],
    ['user', '/carrierStatus'],
  ] as const) {
    const page = await session(browser, who);
    const asked: string[] = [];
    page.on('request', (r) => /\/(carrier\/|user\/getCarrierStatus)/.test(r.url()) && asked.push(r.url()));
    await expect(menuLink(page, '/rechargeList')).toBeVisible();
    await expect(page.locator(`nav.side-menu a[href^="${BASE}/carrier"]`)).toHaveCount(0);
    // typed into the app's history as a link would: the guard turns it to the refusal page at once
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `${BASE}${path}`);
    await expect(page).toHaveURL(new RegExp(`${BASE}/403$`));
    await expect(page.getByRole('heading', { name: '无权访问该页面' })).toBeVisible();
    expect(asked, who).toEqual([]);
  }
});
