import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { HEAVY_SEED_RECORDS } from '../deadlines';
import {
  apiCall,
  apiToken,
  BASE,
  API,
  closeSessions,
  deadlineFor,
  live,
  login,
  scaled,
  projectServerUp,
  session,
} from '../e2e-helpers';

// The tests that put many rows on the platform, against a server of their own (playwright.config.ts): 100,000
// address book members imported from xlsx, a number check batch and a send of numbers read from xlsx. On the shared
// server every later session backfilled those rows, so the other specs' waits depended on whether these had run.
//
// The import is the one kept at 100,000 rows: that the import's progress shows and the screen stays usable while it
// runs for minutes, then the replica holds every member, is what only that size shows. The check batch and the send
// show progress and their counts at a few thousand numbers; how fast 100,000 are read in the browser's worker and
// taken in by the platform is measured by `npm run bench` (send-numbers, platform-send), and the platform's progress
// on a 100,000-number check batch by tests/api/number-check-batches.test.ts.
//
// In this order, each on a platform that has finished the one before: the import and the check are done when their
// tests end, but the send goes on dispatching (and reporting) its messages after, so it comes last.
// Each fresh session here still backfills what the tests before it left (the imported members), and its deadlines
// allow for that.

const ROWS = 100_000;
/** numbers in the check batch and in the send */
const CHECK_ROWS = 5_000;
const SEND_ROWS = 10_000;

test.beforeAll(projectServerUp);

test.afterEach(closeSessions);

test('100,000 members are imported with progress shown and the bad rows reported', async ({
  page,
  request,
  playwright,
}) => {
  const importing = deadlineFor({ sheetRows: ROWS });
  // the members reach the session's replica after the import
  const replicating = deadlineFor({ records: HEAVY_SEED_RECORDS + ROWS });
  test.setTimeout(deadlineFor({ records: HEAVY_SEED_RECORDS }) + importing + replicating + scaled(60_000));
  const token = await apiToken(request);
  const groupName = `导入${Date.now()}`;
  const { groupId } = await apiCall(request, token, '/addressBook/addressBookGroupAdd', { groupName });
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('members');
  sheet.addRow(['姓名', '手机号', '邮箱', '工号', '性别', '生日', '备注']);
  for (let i = 0; i < ROWS; i++)
    sheet.addRow([`成员${i}`, i % 1000 === 999 ? '123' : `137${String(i).padStart(8, '0')}`, '', '', '', '', '']);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());

  await login(page);
  await page.goto(`${BASE}/addressBookList`);
  await live(page, deadlineFor({ records: HEAVY_SEED_RECORDS }));
  await page.locator('[data-testid=group]').filter({ hasText: groupName }).locator('button').first().click();
  await expect(page).toHaveURL(new RegExp(`groupId=${groupId}`));
  await page.locator('[data-testid=import-file]').setInputFiles({
    name: 'members.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(page.locator('[data-testid=import-progress]')).toBeVisible();
  const result = page.locator('[data-testid=import-result]');
  await expect(result).toContainText('成功 99900 条，无效 100 条，重复 0 条', { timeout: importing });
  await expect(page.locator('[data-testid=import-report]')).toBeVisible();
  // fetched with the Authorization header (no token in any URL) and saved as a file
  const download = page.waitForEvent('download');
  await page.locator('[data-testid=import-report]').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  // the members arrive in the local replica: the group shows its count
  await expect(page.locator('[data-testid=group]').filter({ hasText: `${groupName} (99900)` })).toBeVisible({
    timeout: replicating,
  });

  // rename the group in place: an empty name says why and changes nothing; a new name reaches the platform
  const group = page.locator('[data-testid=group]').filter({ hasText: groupName });
  await group.getByTestId('group-rename').click();
  await page.getByTestId('group-rename-input').fill(' ');
  await page.getByTestId('group-rename-input').press('Enter');
  await expect(page.locator('[data-testid=group] .p-error')).toBeVisible();
  const renamed = `改名${Date.now()}`;
  await page.getByTestId('group-rename-input').fill(renamed);
  await page.getByTestId('group-rename-input').press('Enter');
  await expect(page.locator('[data-testid=group]').filter({ hasText: `${renamed} (99900)` })).toBeVisible();
  // on connections of their own: the fixture's has been idle through the import (see the send's test below)
  const api = await playwright.request.newContext();
  try {
    await expect
      .poll(
        async () =>
          (
            (await apiCall(api, token, '/addressBook/groupList', { pageSize: 100, groupName: renamed })).data as Array<{
              groupId: string;
              groupName: string;
            }>
          ).find((g) => g.groupId === groupId)?.groupName,
        { timeout: deadlineFor() },
      )
      .toBe(renamed);
  } finally {
    await api.dispose();
  }
});

test('a check batch uploaded as xlsx shows progress, then its counts', async ({ browser }) => {
  // the upload reads the sheet twice on the platform (the upload's row count, then the batch), then checks each number
  const uploading = deadlineFor({ sheetRows: 2 * CHECK_ROWS });
  const checking = deadlineFor({ sheetRows: CHECK_ROWS });
  test.setTimeout(uploading + checking + scaled(90_000));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('numbers');
  ws.addRow(['mobile']);
  for (let i = 0; i < CHECK_ROWS; i++) ws.addRow([String(13_100_000_000 + i * 13)]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  const name = `e2e-check-${Date.now()}`;

  const page = await session(browser);
  await page.goto(`${BASE}/mobileStatusList`);
  await page.getByTestId('check-batch-name').fill(name);
  await page.getByTestId('check-file').setInputFiles({
    name: 'numbers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  const row = page.locator('tr', { hasText: name });
  const progress = row.getByTestId('check-progress');
  await expect(progress).toHaveAttribute('data-status', /^[01]$/, { timeout: uploading });
  await expect(progress).toContainText(`/${CHECK_ROWS}`);
  await expect(progress).toHaveAttribute('data-status', '1', { timeout: checking });
  await expect(progress).toContainText(`${CHECK_ROWS}/${CHECK_ROWS}`);
  // six counts that add up to the batch (every number here is a valid mobile)
  const cells = await row.locator('td').allInnerTexts();
  const counts = cells.slice(4, 10).map(Number);
  expect(counts.every((n) => n > 0)).toBe(true);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(CHECK_ROWS);
});

test('an xlsx of numbers is checked off the main thread with progress and sent as one batch', async ({
  page,
  playwright,
}, testInfo) => {
  // the numbers are read and checked in the browser's worker; the platform then takes the batch in and charges it
  const reading = deadlineFor({ sheetRows: SEND_ROWS });
  const accepting = deadlineFor({ messages: SEND_ROWS });
  test.setTimeout(reading + accepting + scaled(90_000));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('numbers');
  ws.addRow(['手机号']);
  // a block of 136 numbers no other test sends to, new per run: a simulated unsubscribe reply to an earlier send
  // puts its number on the blacklist, and the platform then rightly leaves it out of the batch
  const first = 13_600_000_000 + (Date.now() % 1000) * 100_000;
  for (let i = 0; i < SEND_ROWS; i++) ws.addRow([String(first + i)]);
  const file = testInfo.outputPath('numbers.xlsx');
  await wb.xlsx.writeFile(file);

  await login(page);
  await page.goto(`${BASE}/smsGroupSend`);
  await expect(page.getByTestId('send-account')).toContainText('EP0001');
  await expect(page.getByTestId('send-balance')).toBeVisible();
  const content = `一万 e2e ${Date.now()}`;
  await page.getByTestId('send-content').fill(content);
  // remember whether the progress bar ever showed (the worker may finish within a frame or two)
  await page.evaluate(() => {
    const w = window as unknown as { __progressSeen: boolean };
    w.__progressSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="send-check-progress"]')) w.__progressSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('send-file').setInputFiles(file);
  await expect(page.getByTestId('send-file-info')).toContainText(String(SEND_ROWS + 1), { timeout: reading });
  await page.getByTestId('send-submit').click();
  await expect(page.getByTestId('confirm-count')).toHaveText(String(SEND_ROWS), { timeout: reading });
  expect(await page.evaluate(() => (window as unknown as { __progressSeen: boolean }).__progressSeen)).toBe(true);
  await page.getByTestId('send-confirm-ok').click();
  await expect(page.getByTestId('send-result')).toBeVisible({ timeout: accepting });
  // asked on connections of their own: a connection left idle through the send, about as long as the server keeps an
  // idle one (72 s), can be closed by the server just as a request goes out on it, and the request meets a reset
  const api = await playwright.request.newContext();
  try {
    const token = await apiToken(api);
    const r = await api.post(`${API}/dataGathering/batchList`, {
      data: { pageNumber: 1, pageSize: 50 },
      headers: { Authorization: `Bearer ${token}` },
    });
    const batch = ((await r.json()).data?.data ?? []).find(
      (b: { decodeContent: string }) => b.decodeContent === content,
    );
    expect(batch?.receive_count).toBe(SEND_ROWS);
  } finally {
    await api.dispose();
  }
});
