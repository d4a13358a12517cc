import { expect, test } from '@playwright/test';
import { API, BASE, closeSessions, session } from './e2e-helpers';

// The platform-paged lists as an operator walks them: each says how many rows it holds, dated ones offer the range
// calendar beside the shortcuts, and the ones without a platform download still export a spreadsheet. The
// international batch list shows the sender id a send asked for.

test.afterEach(closeSessions);

test('platform-paged lists show their total, a range calendar and an export', async ({ browser }) => {
  const page = await session(browser, 'admin', 'demo1234');
  for (const [path, id] of [
    ['/rechargeList', 'recharge-table'],
    ['/mobileStatusStatistics', 'number-status-statistics'],
    ['/subAccountList', 'sub'],
  ] as const) {
    await page.goto(`${BASE}${path}`);
    await expect(page.getByTestId(`${id}-total`)).toHaveText(/^共 [\d,]+ 条$/);
    if (id !== 'sub') await expect(page.getByTestId(`${id}-range`).locator('.p-calendar')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId(`${id}-download`).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  }
});

test('the international batch list, records and record detail show the sender id', async ({ browser }) => {
  const page = await session(browser, 'admin', 'demo1234');
  const token = decodeURIComponent(
    (await page.context().cookies()).find((c) => c.name === 'Authorization')?.value ?? '',
  );
  const sent = await page.request.post(`${API}/user/inteGroupSend`, {
    data: { cus_id: 'EP0001', content: 'Sender id e2e', mobiles: '+14155552671', sender_id: 'E2EID1' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(200);
  await page.goto(`${BASE}/inteDataGatheringBatchList`);
  await expect(page.locator('.table-screen thead')).toContainText('发送方 ID');
  await expect(page.locator('.table-screen tbody tr', { hasText: 'Sender id e2e' })).toContainText('E2EID1', {
    timeout: 60_000,
  });
  // each record of the send shows it too, and its detail names it and leads back to this list
  await page.goto(`${BASE}/inteMtRecordList`);
  const record = page.locator('.table-screen tbody tr', { hasText: 'Sender id e2e' });
  await expect(record).toContainText('E2EID1', { timeout: 60_000 });
  await record.click();
  await expect(page.getByTestId('detail-sender-id')).toContainText('E2EID1');
  await page.getByTestId('detail-batch-link').click();
  await expect(page).toHaveURL(/\/inteDataGatheringBatchList\?batch_id=/);
});
