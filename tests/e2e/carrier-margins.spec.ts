import { expect, test, type Page } from '@playwright/test';
import { BASE, closeSessions, login, scaled } from './e2e-helpers';

// The platform operator's carrier costs and margins on the default server, whose platform sends through the simulator
// as an SMSC (carrier `simulator`): a cost added in its dialog and listed, then the margins of the last days with
// their totals, grouped by carrier only, and exported as a workbook.

test.afterEach(closeSessions);

const menuLink = (page: Page, path: string) => page.locator(`nav.side-menu a[href="${BASE}${path}"]`);

test('the operator adds a carrier cost and reads and exports the margins', async ({ page }) => {
  test.setTimeout(scaled(120_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page, 'operator');

  await menuLink(page, '/carrierCosts').click();
  await page.getByTestId('cost-add-open').click();
  const form = page.getByTestId('cost-add');
  await form.getByTestId('cost-add-carrier').click();
  await page.getByRole('listbox').getByRole('option', { name: 'simulator' }).click();
  await form.getByTestId('cost-add-country').fill('CN');
  await form.getByTestId('cost-add-cost').fill('0.0123');
  await form.getByTestId('cost-add-submit').click();
  await expect(form).toBeHidden();
  await expect(page.locator('.p-toast-message').filter({ hasText: '已保存' })).toBeVisible();
  const costs = page.getByTestId('costs').getByRole('table', { name: '通道成本' });
  await expect(costs.locator('tbody tr', { hasText: '0.0123' })).toHaveCount(1);

  await menuLink(page, '/carrierMargins').click();
  const table = page.getByTestId('margins').getByRole('table', { name: '毛利' });
  await expect(table.locator('tfoot')).toContainText('合计');
  await page.getByTestId('margins-group-by').click();
  for (const name of ['日期', '国家', '企业']) await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('margins-search').click();
  await expect(table.locator('thead th')).toHaveCount(8);
  const download = page.waitForEvent('download');
  await page.getByTestId('margins-download').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  expect(errors).toEqual([]);
});
