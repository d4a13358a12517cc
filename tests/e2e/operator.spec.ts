import { expect, test } from '@playwright/test';
import { login, apiToken, apiCall, live, rows, BACKFILL_MS, BASE, deadlineFor, scaled } from './e2e-helpers';

// Operator experience: matching counts equal the platform's, and a timed-batch command's effect never
// flicks back on screen between the click and the row that includes it.

test('pause and recover of a timed batch never flick back; the list count is the platform total', async ({
  page,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(120_000));
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await login(page, 'admin');
  await page.goto(`${BASE}/pageTimeBatchList`);
  await live(page);

  // the count over the whole list, read locally, equals the platform's total for the same (empty) filter
  const platform = await apiCall(request, await apiToken(request), '/pageTimeBatch/list', {
    pageNumber: 1,
    pageSize: 20,
  });
  await expect(page.getByTestId('table-total')).toHaveText(`共 ${platform.total.toLocaleString('zh-CN')} 条`);

  const row = rows(page)
    .filter({ has: page.locator('[data-testid=op-pause]') })
    .first();
  await expect(row).toBeVisible();
  const timeBatch = (await row.locator('td').nth(1).innerText()).trim();
  const target = rows(page).filter({ hasText: timeBatch });
  // every state code the row shows, from every DOM change
  await page.evaluate((tb) => {
    const w = window as unknown as { __codes: string[] };
    w.__codes = [];
    const seen = () => {
      const tr = Array.from(document.querySelectorAll('.table-screen tbody tr')).find((r) =>
        r.textContent?.includes(tb),
      );
      const code = tr?.querySelector('[data-testid=state]')?.getAttribute('data-code');
      if (code && w.__codes[w.__codes.length - 1] !== code) w.__codes.push(code);
    };
    new MutationObserver(seen).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    seen();
  }, timeBatch);
  const codes = () => page.evaluate(() => (window as unknown as { __codes: string[] }).__codes);

  await target.locator('[data-testid=op-pause]').click();
  await page.locator('.p-confirm-dialog-accept').click();
  await expect(target.locator('[data-testid=state]')).toHaveAttribute('data-code', '2');
  await expect(target.locator('[data-testid=pending-mark]')).toHaveCount(0, { timeout: deadlineFor() });
  await expect
    .poll(async () =>
      (
        await apiCall(request, await apiToken(request), '/pageTimeBatch/list', {
          pageNumber: 1,
          pageSize: 100,
          send_status: 2,
        })
      ).data.some((b: { time_batch: string }) => b.time_batch === timeBatch),
    )
    .toBe(true);
  await expect(target.locator('[data-testid=op-recover]')).toBeVisible();
  expect(await codes()).toEqual(['0', '2']);

  await target.locator('[data-testid=op-recover]').click();
  // recovering asks first, as pausing does
  await page.locator('.p-confirm-dialog-accept').click();
  await expect(target.locator('[data-testid=state]')).toHaveAttribute('data-code', '0');
  await expect(target.locator('[data-testid=pending-mark]')).toHaveCount(0, { timeout: deadlineFor() });
  await expect
    .poll(async () =>
      (
        await apiCall(request, await apiToken(request), '/pageTimeBatch/list', {
          pageNumber: 1,
          pageSize: 100,
          send_status: 0,
        })
      ).data.some((b: { time_batch: string }) => b.time_batch === timeBatch),
    )
    .toBe(true);
  await expect(target.locator('[data-testid=op-pause]')).toBeVisible();
  expect(await codes()).toEqual(['0', '2', '0']);

  // page size, page numbers and jump to page over the virtual scroll: page 3 of 20 starts at serial 41, page 5 at 81
  await page.goto(`${BASE}/mtRecordList?size=20`);
  await expect(rows(page).first().locator('td').first()).toHaveText('1');
  const paginator = page.getByTestId('table-paginator');
  const serial = (n: number) =>
    rows(page).filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${n}$`) }) });
  await paginator.getByRole('button', { name: '第 3 页' }).click();
  await expect(serial(41)).toBeInViewport();
  await expect(paginator.locator('.p-paginator-page.p-highlight')).toHaveText('3');
  // the jump input has a Chinese name, and takes a page past the pages counted so far (a cold list's count comes late)
  const jump = paginator.getByRole('spinbutton', { name: '跳转到页' });
  await jump.click();
  await jump.press('Control+A');
  await jump.pressSequentially('5');
  await expect(serial(81)).toBeInViewport();
  await expect(paginator.locator('.p-paginator-page.p-highlight')).toHaveText('5');
  // only the rows around the view are rendered, however many are loaded
  await expect(serial(1)).toHaveCount(0);
  expect(await rows(page).count()).toBeLessThanOrEqual(60);
  // the wheel, ten and a half rows up into page 4: the page number follows and the view stays where the wheel left it
  // (the jump input repeated every new page as a request, which jumped to that page's first row, serial 61)
  await page.locator('.table-screen .p-virtualscroller').hover();
  await page.mouse.wheel(0, -420);
  await expect(paginator.locator('.p-paginator-page.p-highlight')).toHaveText('4');
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );
  await expect(serial(80)).toBeInViewport();

  // the account filter is a searchable dropdown of the product line's accounts: lower case finds the account, and the
  // count for it equals the platform's total for the same filter
  await page.getByTestId('filter-cus_id').click();
  await page.locator('.p-dropdown-filter').pressSequentially('sub00');
  await expect(page.locator('.p-dropdown-item').filter({ hasNotText: /SUB00/ })).toHaveCount(0);
  const option = page.locator('.p-dropdown-item').first();
  const cusId = /SUB00\d/.exec(await option.innerText())?.[0] ?? '';
  await option.click();
  await page.getByTestId('table-search').click();
  await expect(page).toHaveURL(new RegExp(`cus_id=${cusId}`));
  const forAccount = await apiCall(request, await apiToken(request), '/mtRecord/list', {
    pageNumber: 1,
    pageSize: 20,
    prod_type: 0,
    cus_id: cusId,
  });
  await expect(page.getByTestId('table-total')).toHaveText(`共 ${forAccount.total.toLocaleString('zh-CN')} 条`);

  // the date shortcut box keeps the choice it applied
  await page.getByTestId('date-shortcut').click();
  const shortcut = page.locator('.p-dropdown-item').first();
  const chosen = (await shortcut.innerText()).trim();
  await shortcut.click();
  await expect(page).toHaveURL(/shortcut=/);
  await expect(page.getByTestId('date-shortcut').locator('.p-dropdown-label')).toHaveText(chosen);
  expect(pageErrors).toEqual([]);
});
