import { expect, test } from '@playwright/test';
import { apiCall, apiToken, login, rows, BASE, deadlineFor } from './e2e-helpers';

// Small operator checks, as a user sees them: the menu search finds products not opened yet, unlocking returns to
// the locked page, an empty or misspelt timed edit says why, an edit is quoted before it is saved and can move the time, /favicon.ico answers an icon, English screens show words not codes.

test('menu search across products, unlock returns to the page, a timed edit quoted and moved, favicon', async ({
  page,
  request,
}) => {
  const pageErrors: string[] = [];
  // the sync worker's uncaught errors arrive here too (Chromium); the name says which (Dexie's message alone is "r")
  page.on('pageerror', (e) => pageErrors.push(`${e.name}: ${e.message}`));
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  // the web app manifest lists icons that load
  const manifest = await (await request.get(`${BASE}/manifest.webmanifest`)).json();
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  for (const i of manifest.icons as { src: string }[])
    expect((await request.get(`${BASE}/${i.src}`)).headers()['content-type']).toBe('image/png');

  await login(page, 'admin');
  // the international product was never opened in this session, its entry is still found
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await page.getByRole('searchbox', { name: '搜索菜单' }).fill('国际发送记');
  await expect(page.locator('#menu-search-results button')).toHaveText([/国际发送记录/]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${BASE}/inteMtRecordList$`));

  // a timed edit with empty content shows the content rule's message
  await page.goto(`${BASE}/pageTimeBatchList`);
  const editable = rows(page)
    .filter({ has: page.locator('[data-testid=op-edit]') })
    .first();
  await expect(editable).toBeVisible({ timeout: deadlineFor() });
  await editable.locator('[data-testid=op-edit]').click();
  await page.getByTestId('edit-content').fill('');
  await expect(page.getByTestId('edit-error')).toHaveText('短信内容不能为空');
  // and a variable that is no ${pN} is named, as the platform would refuse it
  await page.getByTestId('edit-content').fill('您好 ${name}');
  await expect(page.getByTestId('edit-error')).toHaveText('变量 ${name} 写法不对，变量写作 ${p1}、${p2}…');
  await page.getByTestId('edit-content').fill('x');
  await expect(page.getByTestId('edit-error')).toHaveCount(0);
  // before saving, the platform's quote of the new text: segments and cost now and after, and the difference
  await expect(page.getByTestId('edit-quote')).toContainText(/计费条数 \d+ → 1，费用 ¥?[\d.]+ → ¥?[\d.]+ 元/, {
    timeout: deadlineFor(),
  });
  await expect(page.getByTestId('edit-difference')).toHaveText(/费用不变|保存时将退还差额/);
  // the time: held to the send's rule of 10 minutes ahead, read in the account's zone (Asia/Shanghai, UTC+8)
  const wallClock = (at: number) => new Date(at + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
  await page.getByTestId('edit-timing').fill(wallClock(Date.now() + 5 * 60_000));
  await expect(page.getByTestId('edit-timing-error')).toHaveText('定时时间须至少在 10 分钟之后');
  await expect(page.getByTestId('edit-save')).toBeDisabled();
  const later = Math.floor((Date.now() + 3 * 3600_000) / 60_000) * 60_000;
  await page.getByTestId('edit-timing').fill(wallClock(later));
  await expect(page.getByTestId('edit-timing-error')).toHaveCount(0);
  const timeBatch = (await editable.locator('td').nth(1).innerText()).trim();
  await page.getByTestId('edit-save').click();
  const token = await apiToken(request);
  await expect
    .poll(
      async () =>
        (
          (
            await apiCall(request, token, '/pageTimeBatch/list', {
              pageNumber: 1,
              pageSize: 100,
              time_batch: timeBatch,
            })
          ).data as {
            time_batch: string;
            timing_time: number;
          }[]
        ).find((b) => b.time_batch === timeBatch)?.timing_time,
      { timeout: deadlineFor() },
    )
    .toBe(later);

  // lock on a filtered list; unlocking returns to it, query included
  await page.goto(`${BASE}/mtRecordList?decodeMobile=138`);
  await page.getByRole('button', { name: '锁屏' }).click();
  await page.locator('#lock-password').fill('lockpw');
  await page.getByRole('dialog').getByRole('button', { name: '锁屏' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/lock$`));
  await page.locator('#unlock-password').fill('lockpw');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/mtRecordList\\?decodeMobile=138$`));
  expect(pageErrors).toEqual([]);
});

test('English: international records and their detail show no Chinese report or country text', async ({ page }) => {
  await login(page, 'admin');
  await page.locator('.language-dropdown').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // failures only, so the status and report columns carry report codes
  await page.goto(`${BASE}/inteMtRecordList?mt_status=700`);
  const first = rows(page).first();
  await expect(first).toBeVisible({ timeout: deadlineFor() });
  // the user's own data (content, names) may be Chinese: check the status, country and report cells
  const texts = await rows(page).evaluateAll((trs) =>
    trs.slice(0, 20).map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .slice(4)
        .map((td) => td.textContent ?? '')
        .join(' | '),
    ),
  );
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t).not.toMatch(/[\u4e00-\u9fff]/);
  await first.click();
  await expect(page.getByTestId('detail-timeline')).not.toContainText(/[\u4e00-\u9fff]/);
});
