import { expect, test } from '@playwright/test';
import { login, apiToken, inApp, BACKFILL_MS, API, scaled } from './e2e-helpers';
import { batchesWith, openSend } from './send.fixtures';

// Sends made offline end to end: queued and sent once back online, and a template picked from the local replica.

test('a send made offline is queued and reaches the platform exactly once when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const token = await apiToken(request);
  await login(page);
  await openSend(page, '/smsGroupSend');
  const content = `离线 e2e ${Date.now()}`;
  await page.getByTestId('send-content').fill(content);
  await page.getByTestId('send-mobiles').fill('13900003021\n13900003022');
  await context.setOffline(true);
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-status')).toHaveAttribute('data-status', 'queued');
  expect(await batchesWith(request, token, content)).toBe(0);
  // queued in the records list and in Activity, while still offline
  await inApp(page, '/mtRecordList');
  const records = page.getByTestId('screen-mtRecordList');
  await expect(records.locator('tr', { hasText: '13900003021' }).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'queued',
  );
  await inApp(page, '/activity');
  await expect(
    page.getByTestId('screen-activity').locator('tr', { hasText: '普通群发' }).first().getByTestId('event-status'),
  ).toHaveAttribute('data-status', 'pending');

  await context.setOffline(false);
  // pushed by this fresh session's outbox, beside its first backfill
  await expect.poll(() => batchesWith(request, token, content), { timeout: BACKFILL_MS }).toBe(1);
  // Activity, left open, shows the acknowledgement as it settles (no navigation)
  await expect(
    page.getByTestId('screen-activity').locator('tr', { hasText: '普通群发' }).first().getByTestId('event-status'),
  ).toHaveAttribute('data-status', 'acked');
  // pushed once: the records are the platform's now, and no second batch follows
  await inApp(page, '/mtRecordList');
  await expect(
    records.locator('tr', { hasText: '13900003021' }).first().getByTestId('send-status'),
  ).not.toHaveAttribute('data-status', 'queued');
  expect(await batchesWith(request, token, content)).toBe(1);
});

test('group send picks an approved content template from the local replica, even offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const token = await apiToken(request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const stamp = Date.now();
  const text = `e2e 模板 ${stamp}`;
  const added = await (
    await request.post(`${API}/contentTemplate/contentTemplateAdd`, {
      data: { cus_id: 'EP0001', template_content: text, keyword: `kw${stamp}` },
      ...auth,
    })
  ).json();
  expect(added.type).toBe(0);

  await login(page);
  await openSend(page, '/smsGroupSend');
  // the review (about half a second) reaches this fresh session's replica with its first backfill or through the change
  // stream after it; until then it is not offered
  const picker = page.getByTestId('send-content-template');
  const option = page.locator('.p-dropdown-panel li[role=option]', { hasText: text });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await picker.click();
    await expect(option).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: BACKFILL_MS });
  await page.keyboard.press('Escape');
  // offline from here: both pickers read the replica
  await context.setOffline(true);
  await picker.click();
  await option.click();
  await expect(page.getByTestId('send-content')).toHaveValue(text);
  await page.getByTestId('send-mobiles').fill('13900003101\n13900003102');
  await context.setOffline(false);

  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('count-valid')).toHaveText('2');
  await expect(page.getByTestId('confirm-count')).toHaveText('2');
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  expect(await batchesWith(request, token, text)).toBe(1);
});
