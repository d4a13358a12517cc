import { expect, test, type Page } from '@playwright/test';
import {
  apiCall,
  apiToken,
  BACKFILL_MS,
  BASE,
  deadlineFor,
  live,
  login,
  rows,
  scaled,
  SEED_RECORDS,
} from './e2e-helpers';

// Local search: offline, a content search over the cache finds a record that arrived live a moment
// earlier. The sync worker's search columns hear every page it writes, so the record is searchable at once; after an
// offline reload the worker loads the columns from the side store, and the record is still found.

// the offline reload is served by the service worker
test.use({ serviceWorkers: 'allow' });

type Bench = {
  __smsBench?: { replicator: { searchStats(): Promise<{ rows: Record<string, number>; rebuilt: boolean } | null> } };
};
const searchStats = (page: Page) =>
  page.evaluate(() => (window as unknown as Bench).__smsBench?.replicator.searchStats() ?? null);

async function searchContent(page: Page, text: string) {
  await page.locator('[data-testid=filter-decodeMobile]').fill('');
  await page.locator('[data-testid=filter-decodeContent]').fill(text);
  await page.locator('[data-testid=table-search]').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('decodeContent')).toBe(text);
}

test('offline, a content search over the cache finds a record that arrived live', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(120_000));
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // the bench handle exposes the worker's search statistics
  await page.addInitScript(() => localStorage.setItem('sms.bench', '1'));
  await login(page, 'admin');
  await page.goto(`${BASE}/mtRecordList`);
  await expect(rows(page).first()).toBeVisible();
  await live(page);
  // the columns are loaded (built from RxDB on this first start) and answer searches
  await expect
    .poll(async () => (await searchStats(page))?.rows.mt_records ?? 0, {
      timeout: deadlineFor({ records: SEED_RECORDS }),
    })
    .toBeGreaterThan(0);

  // a send to one number, with a content no other record has
  const token = await apiToken(request);
  const mobile = `137${String(Date.now()).slice(-8)}`;
  const marker = `${Date.now() % 1_000_000_000}`.padStart(9, '7');
  await apiCall(request, token, '/user/groupSend', {
    cus_id: 'EP0001',
    content: `【演示】搜索验证码 ${marker}，请勿泄露`,
    mobiles: mobile,
  });
  await page.locator('[data-testid=filter-decodeMobile]').fill(mobile);
  await page.locator('[data-testid=table-search]').click();
  await expect(rows(page).first()).toContainText(mobile, { timeout: deadlineFor({ messages: 1 }) });

  // offline: the search over the cache finds it by a part of its content (Chinese and digits)
  await context.setOffline(true);
  await searchContent(page, `验证码 ${marker}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(mobile);
  await searchContent(page, marker.slice(2, 8));
  await expect(rows(page).first()).toContainText(mobile);
  // and a content nobody sent finds nothing
  await searchContent(page, `没有这条内容${marker}`);
  await expect(page.locator('.table-screen tbody tr.p-datatable-emptymessage')).toBeVisible();

  // still offline, a reload: the worker loads the columns from the side store (not rebuilt), and finds it again
  await page.goto(`${BASE}/mtRecordList?decodeContent=${encodeURIComponent(`搜索验证码 ${marker}`)}`);
  await expect
    .poll(async () => (await searchStats(page))?.rows.mt_records ?? 0, {
      timeout: deadlineFor({ records: SEED_RECORDS }),
    })
    .toBeGreaterThan(0);
  expect((await searchStats(page))?.rebuilt, 'loaded from the side store').toBe(false);
  await searchContent(page, `搜索验证码 ${marker}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(mobile);
  await context.setOffline(false);
  expect(pageErrors).toEqual([]);
});
