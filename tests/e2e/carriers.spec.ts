import { expect, test } from '@playwright/test';
import { BASE, login } from './e2e-helpers';

// The enterprise admin's carrier list on the default server, whose platform binds to the simulator as an SMSC (one
// transceiver bind, named `simulator`): the menu entry, the live list in zh and en, and no other caller reaching it.

test('the enterprise admin sees the carrier links, read again while the screen is open', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await login(page, 'admin');
  const entry = page.locator(`nav.side-menu a[href="${BASE}/carrierStatus"]`);
  await expect(entry).toHaveText(/通道状态/);
  await entry.click();
  const screen = page.getByTestId('carrier-status');
  const table = screen.getByRole('table', { name: '通道状态' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    '通道',
    '连接（已连/应连）',
    '窗口占用',
    '条/秒',
    '被限速',
    '错误（按代码）',
    '回执延迟 p50/p95',
    '实例数',
  ]);
  const simulator = table.locator('tbody tr', { hasText: 'simulator' });
  await expect(simulator).toHaveCount(1);
  await expect(simulator.locator('td').nth(1)).toHaveText('1/1');
  await expect(simulator.locator('td').nth(7)).toHaveText('1');
  await expect(screen.getByTestId('carriers-in-process')).toHaveCount(0);
  // the screen reads again on its own: a later answer arrives without any action
  await page.waitForResponse((r) => r.url().endsWith('/user/getCarrierStatus') && r.status() === 200);

  await page.locator('.language-dropdown').click();
  await page.getByRole('option', { name: 'English' }).click();
  const en = page.getByTestId('carrier-status').getByRole('table', { name: 'Carrier status' });
  await expect(en.getByRole('columnheader').first()).toHaveText('Carrier');
  await expect(en.locator('tbody tr', { hasText: 'simulator' }).locator('td').nth(1)).toHaveText('1/1');
  expect(errors).toEqual([]);
});

test('an ordinary account has no carrier entry, and the typed URL opens the refusal page without asking', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => r.url().endsWith('/user/getCarrierStatus') && asked.push(r.url()));
  await login(page, 'user');
  await expect(page.locator(`nav.side-menu a[href="${BASE}/rechargeList"]`)).toBeVisible();
  await expect(page.locator(`nav.side-menu a[href="${BASE}/carrierStatus"]`)).toHaveCount(0);
  // typed into the app's history as a link would: the guard turns it to the refusal page at once
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${BASE}/carrierStatus`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/403$`));
  await expect(page.getByRole('heading', { name: '无权访问该页面' })).toBeVisible();
  await expect(page.getByTestId('carrier-status')).toHaveCount(0);
  expect(asked).toEqual([]);
});
