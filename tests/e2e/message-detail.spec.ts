import { expect, test } from '@playwright/test';
import { login, rows, BASE, deadlineFor } from './e2e-helpers';

// Every send-record list opens a message detail panel from a row (click, or Enter on a focused
// row), with content, parts, timeline and a link to its batch; Esc closes it. The lists are filtered to records an
// hour old or more (the seeded history), so that records other specs send while this one runs, and their live
// reports, never move the rows it walks with the keyboard.

test('the detail panel opens from every send-record list, by click and by keyboard', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await login(page, 'admin');
  const settled = `to=${Date.now() - 3_600_000}`;
  for (const path of ['mtRecordList', 'inteMtRecordList', 'videoMtRecordList', 'cspMtRecordList']) {
    await page.goto(`${BASE}/${path}?${settled}`);
    const first = rows(page).first();
    await expect(first).toBeVisible({ timeout: deadlineFor() });
    await first.click();
    const panel = page.getByTestId('mt-detail');
    await expect(panel, path).toBeVisible();
    await expect(panel.getByTestId('detail-parts')).toContainText(/GSM-7|UCS-2/);
    await expect(panel.locator('[data-testid=detail-timeline] li').first()).toHaveAttribute('data-step', 'submitted');
    // content as text; the rich preview only for video and card sends
    await expect(panel.getByTestId('detail-content')).toContainText(
      (await first.locator('td').nth(3).innerText()).trim().slice(0, 10),
    );
    const preview = { videoMtRecordList: 'preview-video', cspMtRecordList: 'preview-sms' }[path];
    if (preview) await expect(panel.getByTestId(preview)).toBeVisible();
    else await expect(panel.locator('[data-testid^=preview-]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // rows are told apart by their id, since live records may arrive above them
    const focusedRow = () =>
      page.evaluate(() =>
        document.activeElement?.tagName === 'TR' ? document.activeElement.getAttribute('data-row-id') : null,
      );
    const clicked = await first.getAttribute('data-row-id');
    expect(clicked).toBeTruthy();
    // closing the panel gives the focus back to the row it was opened from
    await expect.poll(focusedRow).toBe(clicked);
    // keyboard: the focused row opens with Enter
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // the arrow keys move focus between rows, from the moment the panel's content is gone: nothing the panel leaves
    // behind takes the focus back to the row it was opened from
    await first.focus();
    const top = await focusedRow();
    expect(top).toBeTruthy();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedRow).not.toBe(top);
    await expect(page.getByTestId('detail-panel')).toHaveCount(0);
    const below = await focusedRow();
    expect(below).toBeTruthy();
    expect(below).not.toBe(top);
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedRow).toBe(top);
  }
  // a focused row scrolled out of the rendered range leaves the focus on the table's scroller, not on the page body,
  // so Page Up/Down and Tab go on from the table
  await rows(page).first().focus();
  const scroller = page.locator('.p-virtualscroller');
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toContain('p-virtualscroller');
  // the batch link leads to the batch list filtered by the record's batch
  await rows(page).first().click();
  // the panel is centred: once its replies have loaded nothing in it moves under the click
  await expect(page.getByTestId('detail-no-replies').or(page.getByTestId('detail-replies'))).toBeVisible();
  const batch = (await page.getByTestId('detail-batch-link').innerText()).trim();
  await page.getByTestId('detail-batch-link').click();
  await expect(page).toHaveURL(new RegExp(`/dataGatheringBatchList\\?batch_id=${batch}`));
  expect(pageErrors).toEqual([]);
});

test('a user who may not see delivery outcomes gets no status, report code or reason in the detail', async ({
  page,
}) => {
  await login(page, 'user');
  await page.goto(`${BASE}/mtRecordList?to=${Date.now() - 3_600_000}`);
  const first = rows(page).first();
  await expect(first).toBeVisible({ timeout: deadlineFor() });
  await expect(page.getByTestId('send-status')).toHaveCount(0);
  await first.click();
  const panel = page.getByTestId('mt-detail');
  await expect(panel.locator('[data-testid=detail-timeline] li').first()).toHaveAttribute('data-step', 'submitted');
  // the timeline ends at sent (or review): no report step, no timeout, no outcome words
  await expect(
    panel.locator(
      '[data-testid=detail-timeline] li[data-step=report], [data-testid=detail-timeline] li[data-step=timeout]',
    ),
  ).toHaveCount(0);
  await expect(panel).not.toContainText(
    /发送成功|发送失败|状态报告超时|Sent successfully|Send failure|DELIVRD|UNDELIV/,
  );
});
