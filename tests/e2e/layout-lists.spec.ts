import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, inApp, login } from './e2e-helpers';
import { lineCounts } from './line-counts';

// The lists that are not record tables, at 1280 px in zh and en: headers, status tags, buttons and dates each take
// one line (they wrapped a character per line), the operations column is on screen, and the address book's group
// buttons stay clear of the members' toolbar.

/** The texts of the elements that take more than one line (a cell is as tall as its row, so its own height says
 * nothing: lines are counted from its text). */
async function wrapped(loc: Locator): Promise<string[]> {
  const [counts, texts] = await Promise.all([lineCounts(loc), loc.allTextContents()]);
  return texts.filter((_, i) => counts[i] > 1).map((t) => t.trim());
}

async function checkList(page: Page, table: Locator) {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(await wrapped(table.locator('thead th .p-column-title'))).toEqual([]);
  expect(await wrapped(table.locator('tbody .p-tag, tbody .p-button'))).toEqual([]);
  const dates = table.locator('tbody td').filter({ hasText: /\d{1,2}:\d{2}:\d{2}/ });
  expect(await wrapped(dates)).toEqual([]);
  // every operations cell on screen, within the viewport's width
  const width = page.viewportSize()!.width;
  const actions = await table
    .locator('tbody td.col-actions')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
  for (const right of actions) expect(right).toBeLessThanOrEqual(width);
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`lists at 1280 px, ${lang}`, () => {
    test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Shanghai' });

    test(`headers, tags, buttons and dates on one line; operations in view (${lang})`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      await login(page);
      for (const path of ['/subAccountList', '/rechargeList', '/mobileStatusList']) {
        await inApp(page, path);
        await checkList(page, page.locator('.remote-table').first());
      }
      // conversations with a thread open beside the list
      await inApp(page, '/interactList');
      const list = page.locator('.remote-table').first();
      await list.locator('tbody tr').first().click();
      await checkList(page, list);
      // the record-style lists: the operations column at the right edge, whatever the id and content columns take
      for (const path of ['/pageTimeBatchList', '/contentTemplateList']) {
        await inApp(page, path);
        const table = page.locator('.table-screen');
        await expect(page.getByTestId('table-total')).toHaveText(/\d/);
        const cells = await table
          .locator('tbody td.col-actions')
          .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
        for (const right of cells) expect(right).toBeLessThanOrEqual(1280);
        const header = await table.locator('thead th.col-actions').boundingBox();
        expect(header!.x + header!.width).toBeLessThanOrEqual(1280);
      }
      // the address book: with a group chosen and one being renamed, its buttons are not under the members' toolbar
      await page.goto(`${BASE}/addressBookList`);
      await page.getByTestId('group-name').fill(`布局${Date.now()}`);
      await page.getByTestId('group-add').click();
      await page.locator('[data-testid=group][data-pending=false] button').first().click();
      const plus = (await page.getByTestId('group-add').boundingBox())!;
      const add = (await page.getByTestId('member-add').boundingBox())!;
      expect(plus.x + plus.width).toBeLessThanOrEqual(add.x);
      await page.getByTestId('group-rename').first().click();
      const save = (await page.getByTestId('group-rename-save').boundingBox())!;
      const members = (await page.getByTestId('member-add').boundingBox())!;
      expect(save.x + save.width).toBeLessThanOrEqual(members.x);
    });
  });
}
