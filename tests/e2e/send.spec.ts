import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-audit';
import { login, BACKFILL_MS, BASE, deadlineFor, scaled } from './e2e-helpers';
import { amount, openSend } from './send.fixtures';

// The send workspace end to end in Chromium against the server `npm start` runs: counts before sending,
// the balance dropping by the shown cost, records moving, per-country prices, schedules, number files.

test('domestic send: counts before sending, the balance drops by the shown cost, records appear and move', async ({
  page,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  await login(page);
  await openSend(page, '/smsGroupSend');
  const before = amount(await page.getByTestId('send-balance').textContent());
  const content = `【演示】e2e 到货通知 ${Date.now()}`;
  await page.getByTestId('send-content').fill(content);
  await expect(page.getByTestId('send-signature')).toHaveText('演示');
  await page.getByTestId('send-mobiles').fill('13900003001\n13900003002，13900003003 12345\n13900003001');
  await page.getByTestId('send-submit').click();

  await expect(page.getByTestId('count-valid')).toHaveText('3');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByTestId('count-duplicate')).toHaveText('1');
  await expect(page.getByTestId('send-invalid-list')).toContainText('12345');
  await expect(page.getByTestId('confirm-count')).toHaveText('3');
  await expect(page.getByTestId('confirm-parts')).toHaveText('1');
  const cost = amount(await page.getByTestId('confirm-cost').textContent());
  expect(cost).toBeCloseTo(0.15, 4);
  await page.getByTestId('send-confirm-ok').click();

  await expect(page.getByTestId('send-result')).toBeVisible();
  await expect
    .poll(async () => amount(await page.getByTestId('send-balance').textContent()))
    .toBeCloseTo(before - cost, 2);
  const batchId = (await page.getByTestId('send-batch-id').textContent())!;
  await page.getByTestId('send-records-link').click();
  await expect(page).toHaveURL(new RegExp(`/mtRecordList\\?batch_id=${batchId}`));
  const statuses = page.getByTestId('screen-mtRecordList').getByTestId('send-status');
  // the new records reach the screen once this fresh session's first backfill is done and the feed brings them
  await expect(statuses).toHaveCount(3, { timeout: BACKFILL_MS });
  // the carrier simulator reports within a second; each record moves on to a final status (success, failure, or a
  // report timeout: the simulator draws one at random)
  await expect
    .poll(
      () =>
        statuses.evaluateAll(
          (els) =>
            els
              .map((e) => e.getAttribute('data-status'))
              .filter((s) => s === 'success' || s === 'failure' || s === 'timeout').length,
        ),
      { timeout: deadlineFor({ messages: 3 }) },
    )
    .toBe(3);
});

test('domestic send counts the numbers as they are typed, lists the invalid one and removes it, before any send', async ({
  page,
}) => {
  await login(page);
  await openSend(page, '/smsGroupSend');
  const mobiles = page.getByTestId('send-mobiles');
  await mobiles.click();
  await mobiles.pressSequentially('13900003401\n13900003402\n13900003403\n12345\n13900003401');
  const counts = page.getByTestId('send-counts');
  await expect(counts).toHaveAttribute('aria-live', 'polite');
  await expect(counts).toHaveText('有效 3 · 无效 1 · 重复 1');
  await expect(page.getByTestId('count-valid')).toHaveText('3');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByTestId('count-duplicate')).toHaveText('1');
  await expect(page.getByTestId('send-invalid-list')).toHaveText('12345');
  expect(await seriousViolations(page, '.send-number-counts')).toEqual([]);
  // no button was pressed: the form is still being edited
  await expect(page.getByTestId('send-confirm')).toBeHidden();
  await expect(page.getByTestId('send-problem')).toBeHidden();

  // from the keyboard, as a screen-reader user would
  await page.getByTestId('send-remove-invalid').focus();
  await page.keyboard.press('Enter');
  await expect(mobiles).toHaveValue('13900003401\n13900003402\n13900003403');
  await expect(counts).toHaveText('有效 3 · 无效 0 · 重复 0');
  await expect(page.getByTestId('send-invalid-list')).toBeHidden();

  // one more keystroke is counted again
  await mobiles.press('End');
  await mobiles.pressSequentially('\n139');
  await expect(counts).toHaveText('有效 3 · 无效 1 · 重复 0');
  await expect(page.getByTestId('send-invalid-list')).toHaveText('139');
});

test('international send to two countries is priced per country', async ({ page }) => {
  await login(page);
  await openSend(page, '/inteSmsSend');
  await page.getByTestId('send-content').fill('Hello from e2e');
  await page.getByTestId('send-sender_id').fill('ACME1');
  await page.getByTestId('send-mobiles').fill('+14155552671\n+14155552672\n0044 7400 123456\n4155552673');
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('send-countries')).toContainText('US');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  const rows = page.getByTestId('confirm-country');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('美国');
  await expect(rows.nth(0)).toContainText('0.70');
  await expect(rows.nth(1)).toContainText('英国');
  await expect(rows.nth(1)).toContainText('0.40');
  expect(amount(await page.getByTestId('confirm-cost').textContent())).toBeCloseTo(1.1, 4);
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
});

test('a scheduled send appears in the timed batches', async ({ page }) => {
  await login(page);
  await openSend(page, '/smsGroupSend');
  const content = `定时 e2e ${Date.now()}`;
  await page.getByTestId('send-content').fill(content);
  await page.getByTestId('send-mobiles').fill('13900003011\n13900003012');
  await page.locator('#send-timed').click();
  await page.getByTestId('send-pick-30').click();
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('confirm-time')).not.toHaveText('立即发送');
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  await page.getByTestId('send-records-link').click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/pageTimeBatchList`));
  await expect(page.getByTestId('screen-pageTimeBatchList').getByText(content)).toBeVisible();
});

test('a legacy xls number file is read in the worker and counted like any other', async ({ page }) => {
  const { utils, write } = await import('@e965/xlsx');
  const wb = utils.book_new();
  // one number stored as a number cell, one as text, one invalid, one repeated
  utils.book_append_sheet(
    wb,
    utils.aoa_to_sheet([['手机号'], [13900003201], ['13900003202'], ['12345'], [13900003201]]),
    'numbers',
  );
  const buffer = Buffer.from(write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer);
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await login(page);
  await openSend(page, '/smsGroupSend');
  await page.getByTestId('send-content').fill(`xls e2e ${Date.now()}`);
  await page
    .getByTestId('send-file')
    .setInputFiles({ name: 'numbers.xls', mimeType: 'application/vnd.ms-excel', buffer });
  await expect(page.getByTestId('send-file-info')).toBeVisible();
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('count-valid')).toHaveText('2');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByTestId('count-duplicate')).toHaveText('1');
  expect(violations).toEqual([]);
});
