import { expect, test } from '@playwright/test';
import { login, apiToken, BACKFILL_MS, BASE, API, deadlineFor, scaled } from './e2e-helpers';
import { amount, openSend } from './send.fixtures';

// The send kinds end to end: card preview, one-to-one from a sheet, per-recipient short links, each kind's menu path.

test('a card send shows the card and its fallback in the preview', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const name = `e2e卡片${Date.now()}`;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);
  const up = await request.post(`${API}/file/uploadCspMaterial`, {
    headers,
    multipart: { file: { name: 'card.png', mimeType: 'image/png', buffer: png } },
  });
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
    data: {
      cus_id: 'EP0001',
      chatbot_id: 'CB0001',
      template_name: name,
      low_type: '1',
      cards: [card],
      smsContent: '回落短信内容',
    },
  });
  expect(add.status(), await add.text()).toBe(200);
  // the platform's reviewer approves it shortly
  await expect
    .poll(
      async () =>
        (
          (
            await (
              await request.post(`${API}/cspTemplate/getCspTemplate`, {
                headers,
                data: { cus_id: 'EP0001', chatbot_id: 'CB0001' },
              })
            ).json()
          ).data ?? []
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

test('one-to-one send: sheet columns fill ${p1}, ${p2} through the mapping, previewed and sent per number', async ({
  page,
}, testInfo) => {
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
  for (const path of [
    '/smsGroupSend',
    '/smsOneToOneSend',
    '/smsLinkSend',
    '/taokeSend',
    '/inteSmsSend',
    '/videoSmsSend',
    '/cspSmsSend',
  ]) {
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
