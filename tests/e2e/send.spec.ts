import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, apiToken, inApp, BACKFILL_MS, BASE, API, deadlineFor, scaled } from './e2e-helpers';

// The send workspace end to end in Chromium against the server `npm start` runs: counts before sending,
// the balance dropping by the shown cost, records moving, per-country prices, schedules, offline queueing.

async function openSend(page: Page, path: string) {
  await page.goto(`${BASE}${path}`);
  await expect(page.getByTestId('send-account')).toContainText('EP0001');
  await expect(page.getByTestId('send-balance')).toBeVisible();
}

/** 1,234.56 / ¥1,234.56 → 1234.56 */
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

async function batchesWith(request: APIRequestContext, token: string, content: string): Promise<number> {
  const r = await request.post(`${API}/dataGathering/batchList`, { data: { pageNumber: 1, pageSize: 100 }, headers: { Authorization: `Bearer ${token}` } });
  const rows = (await r.json()).data?.data ?? [];
  return rows.filter((b: { decodeContent: string }) => b.decodeContent === content).length;
}

test('domestic send: counts before sending, the balance drops by the shown cost, records appear and move', async ({ page }) => {
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
  await expect.poll(async () => amount(await page.getByTestId('send-balance').textContent())).toBeCloseTo(before - cost, 2);
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
          (els) => els.map((e) => e.getAttribute('data-status')).filter((s) => s === 'success' || s === 'failure' || s === 'timeout').length,
        ),
      { timeout: deadlineFor({ messages: 3 }) },
    )
    .toBe(3);
});

test('domestic send counts the numbers as they are typed, lists the invalid one and removes it, before any send', async ({ page }) => {
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
  const axe = await new AxeBuilder({ page }).include('.send-number-counts').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))])).toEqual(
    [],
  );
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

test('a send made offline is queued and reaches the platform exactly once when back online', async ({ page, context, request }) => {
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
  await expect(records.locator('tr', { hasText: '13900003021' }).getByTestId('send-status')).toHaveAttribute('data-status', 'queued');
  await inApp(page, '/activity');
  await expect(page.getByTestId('screen-activity').locator('tr', { hasText: '普通群发' }).first().getByTestId('event-status')).toHaveAttribute(
    'data-status',
    'pending',
  );

  await context.setOffline(false);
  // pushed by this fresh session's outbox, beside its first backfill
  await expect.poll(() => batchesWith(request, token, content), { timeout: BACKFILL_MS }).toBe(1);
  // Activity, left open, shows the acknowledgement as it settles (no navigation)
  await expect(page.getByTestId('screen-activity').locator('tr', { hasText: '普通群发' }).first().getByTestId('event-status')).toHaveAttribute(
    'data-status',
    'acked',
  );
  // pushed once: the records are the platform's now, and no second batch follows
  await inApp(page, '/mtRecordList');
  await expect(records.locator('tr', { hasText: '13900003021' }).first().getByTestId('send-status')).not.toHaveAttribute('data-status', 'queued');
  expect(await batchesWith(request, token, content)).toBe(1);
});

test('a card send shows the card and its fallback in the preview', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const name = `e2e卡片${Date.now()}`;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
  const up = await request.post(`${API}/file/uploadCspMaterial`, { headers, multipart: { file: { name: 'card.png', mimeType: 'image/png', buffer: png } } });
  expect(up.status(), await up.text()).toBe(200);
  const card = {
    cardSeq: 0,
    mediaType: 'image',
    mediaUrl: (await up.json()).data.url,
    cardTitle: '新品上市',
    textContent: '限时优惠',
    buttons: [{ buttonName: '立即查看' }],
  };
  const add = await request.post(`${API}/cspTemplate/add`, {
    headers,
    data: { cus_id: 'EP0001', chatbot_id: 'CB0001', template_name: name, low_type: '1', cards: [card], smsContent: '回落短信内容' },
  });
  expect(add.status(), await add.text()).toBe(200);
  // the platform's reviewer approves it shortly
  await expect
    .poll(
      async () =>
        (
          (await (await request.post(`${API}/cspTemplate/getCspTemplate`, { headers, data: { cus_id: 'EP0001', chatbot_id: 'CB0001' } })).json()).data ?? []
        ).map((o: { label: string }) => o.label),
      { timeout: deadlineFor() },
    )
    .toContain(name);

  await login(page);
  await openSend(page, '/cspSmsSend');
  await expect(page.getByTestId('send-chatbot')).toContainText('演示企业客服');
  await page.getByTestId('send-card-template').click();
  await page.getByRole('option', { name }).click();
  const preview = page.getByTestId('rich-preview');
  await expect(preview.getByTestId('preview-card')).toContainText('新品上市');
  await expect(preview.getByTestId('preview-button')).toHaveText('立即查看');
  await expect(preview).toContainText('1069');
  await preview.getByTestId('preview-views').getByText('回落短信').click();
  await expect(preview.getByTestId('preview-sms')).toHaveText('回落短信内容');
  await page.getByTestId('send-mobiles').fill('13900003031');
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
});

test('one-to-one send: sheet columns fill ${p1}, ${p2} through the mapping, previewed and sent per number', async ({ page }, testInfo) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('people');
  ws.addRow(['手机号', '姓名', '金额']);
  ws.addRow(['13900003041', '李雷', '12.50']);
  ws.addRow(['13900003042', '韩梅梅', '8']);
  ws.addRow(['12345', '无效', '1']);
  const file = testInfo.outputPath('people.xlsx');
  await wb.xlsx.writeFile(file);

  await login(page);
  await openSend(page, '/smsOneToOneSend');
  await page.getByTestId('send-content').fill('${p1}您好，您的订单金额 ${p2} 元');
  await page.getByTestId('send-file').setInputFiles(file);
  const preview = page.getByTestId('send-mapping-preview');
  await expect(preview.locator('tr').nth(0)).toContainText('李雷您好，您的订单金额 12.50 元');
  await expect(preview.locator('tr').nth(1)).toContainText('韩梅梅您好，您的订单金额 8 元');
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('count-valid')).toHaveText('2');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByTestId('confirm-count')).toHaveText('2');
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  await page.getByTestId('send-records-link').click();
  const records = page.getByTestId('screen-mtRecordList');
  // the batch's records: from the platform at once, or the local replica once this fresh session's first backfill is
  // done and the feed brings them
  await expect(records.locator('tr', { hasText: '13900003041' })).toContainText('李雷您好', { timeout: BACKFILL_MS });
  await expect(records.locator('tr', { hasText: '13900003042' })).toContainText('韩梅梅您好');
});

test('link send: each recipient gets its own short link', async ({ page }) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  await login(page);
  await openSend(page, '/smsLinkSend');
  await page.getByTestId('send-long_link').fill('https://shop.example.com/promo?id=7');
  await page.getByTestId('send-content').fill('双十一活动 {link}');
  await page.getByTestId('send-mobiles').fill('13900003051\n13900003052');
  await page.getByTestId('send-submit').click();
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  await page.getByTestId('send-records-link').click();
  const records = page.getByTestId('screen-mtRecordList');
  // (from the platform at once, or the local replica once the first backfill is done and the feed brings them)
  await expect(records.locator('tr', { hasText: '13900003052' })).toBeVisible({ timeout: BACKFILL_MS });
  const a = (await records.locator('tr', { hasText: '13900003051' }).textContent()) ?? '';
  const b = (await records.locator('tr', { hasText: '13900003052' }).textContent()) ?? '';
  const link = /\/s\/([0-9A-Za-z]{7,16})/;
  expect(link.exec(a)?.[1]).toBeTruthy();
  expect(link.exec(b)?.[1]).toBeTruthy();
  expect(link.exec(a)?.[1]).not.toBe(link.exec(b)?.[1]);
});

test("every send kind opens from its menu path with its product line's first account", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page);
  for (const path of ['/smsGroupSend', '/smsOneToOneSend', '/smsLinkSend', '/taokeSend', '/inteSmsSend', '/videoSmsSend', '/cspSmsSend']) {
    await openSend(page, path);
    await expect(page.getByTestId('send-submit')).toBeEnabled();
  }
  // a video send with a frame is previewed and priced per message
  await page.goto(`${BASE}/videoSmsSend`);
  await expect(page.getByTestId('send-account')).toContainText('EP0001');
  await page.getByTestId('send-title').fill('新品发布');
  await page.getByTestId('send-add-frame').click();
  await page.getByTestId('send-frame').locator('input').last().fill('第一帧文字');
  await expect(page.getByTestId('rich-preview')).toContainText('第一帧文字');
  // the frame's image is uploaded (the platform checks its bytes) and previewed
  await page.getByTestId('send-frame-0-type').click();
  await page.locator('.p-dropdown-panel li[role=option]', { hasText: '图片' }).click();
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
  await page.getByTestId('send-frame-0-file').setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('send-frame-0-uploaded')).toBeVisible();
  await expect(page.getByTestId('rich-preview').locator('[data-testid=preview-media][data-type=image]')).toHaveCount(1);
  await page.getByTestId('send-mobiles').fill('13900003061\n13900003062');
  await page.getByTestId('send-submit').click();
  expect(amount(await page.getByTestId('confirm-cost').textContent())).toBeCloseTo(0.6, 4);
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a legacy xls number file is read in the worker and counted like any other', async ({ page }) => {
  const { utils, write } = await import('@e965/xlsx');
  const wb = utils.book_new();
  // one number stored as a number cell, one as text, one invalid, one repeated
  utils.book_append_sheet(wb, utils.aoa_to_sheet([['手机号'], [13900003201], ['13900003202'], ['12345'], [13900003201]]), 'numbers');
  const buffer = Buffer.from(write(wb, { type: 'buffer', bookType: 'xls' }) as Buffer);
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await login(page);
  await openSend(page, '/smsGroupSend');
  await page.getByTestId('send-content').fill(`xls e2e ${Date.now()}`);
  await page.getByTestId('send-file').setInputFiles({ name: 'numbers.xls', mimeType: 'application/vnd.ms-excel', buffer });
  await expect(page.getByTestId('send-file-info')).toBeVisible();
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('count-valid')).toHaveText('2');
  await expect(page.getByTestId('count-invalid')).toHaveText('1');
  await expect(page.getByTestId('count-duplicate')).toHaveText('1');
  expect(violations).toEqual([]);
});

test('group send picks an approved content template from the local replica, even offline', async ({ page, context, request }) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const token = await apiToken(request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const stamp = Date.now();
  const text = `e2e 模板 ${stamp}`;
  const added = await (
    await request.post(`${API}/contentTemplate/contentTemplateAdd`, { data: { cus_id: 'EP0001', template_content: text, keyword: `kw${stamp}` }, ...auth })
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
