import { expect, test, type Page, type Route } from '@playwright/test';
import { apiCall, apiToken, inApp, login } from './e2e-helpers';

// The records' total while the local cache fills: the cache takes the rows over as soon as it holds the page on
// screen, long before its backfill is done, and its count then is the rows cached so far. The total shown is the
// platform's (the first list's answer, or asked for a query that had none) or marked as still counting: never a
// smaller number as if it were all.

// the page's own fetches only, so the route below sees every pull (a service worker would answer them itself)
test.use({ serviceWorkers: 'block' });

const zh = (n: number) => n.toLocaleString('zh-CN');
/** The platform's count as the screen words it (beyond its exact-count cap it is an estimate, and says so). */
const platformTotal = ({ total, totalExact }: { total: number; totalExact?: boolean }) =>
  totalExact === false ? `约 ${zh(total)} 条（估算）` : `共 ${zh(total)} 条`;

/** The total says the platform's count, or that it is still counting (busy, with the rows cached so far). */
async function totalShown(page: Page): Promise<string> {
  const el = page.getByTestId('table-total');
  const [text, busy] = await Promise.all([el.textContent(), el.getAttribute('aria-busy')]);
  return busy === 'true' && /统计中/.test(text ?? '') ? 'counting' : (text ?? '');
}

test('the records total is the platform total, or marked counting, while the backfill is incomplete', async ({
  page,
  context,
  request,
}) => {
  // the records' first backfill page comes through (the cache then holds the newest hundred, the first screen's among
  // them), every later one waits: the backfill stays incomplete for the whole test, whatever the seed holds
  const held: Route[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  let backfillPages = 0;
  await context.route(/\/sms-service-api\/mtRecord\/pull$/, async (route) => {
    const asked = JSON.parse(route.request().postData() ?? '{}') as { direction?: string };
    if (asked.direction !== 'backfill' || backfillPages++ < 1) return route.continue();
    held.push(route);
    await released;
    await route.continue().catch(() => undefined);
  });
  const lists: string[] = [];
  page.on('request', (r) => r.url().endsWith('/mtRecord/list') && lists.push(r.postData() ?? ''));
  try {
    await login(page);
    await inApp(page, '/mtRecordList');
    const screen = page.locator('.table-screen');
    // the cache, holding the newest records, takes the rows over while its backfill waits
    await expect(screen).toHaveAttribute('data-source', 'local', { timeout: 60_000 });
    await expect.poll(() => held.length, { message: 'a later backfill pull is held' }).toBeGreaterThan(0);
    const token = await apiToken(request);
    const first = JSON.parse(lists[0]) as Record<string, unknown>;
    const all = (await apiCall(request, token, '/mtRecord/list', first)) as { total: number; totalExact?: boolean };
    await expect.poll(() => totalShown(page)).toBe(platformTotal(all));

    // a query the first list did not answer: the platform is asked for its count
    await inApp(page, '/mtRecordList?mt_status=0');
    await expect(screen).toHaveAttribute('data-source', 'local');
    const delivered = (await apiCall(request, token, '/mtRecord/list', { ...first, mt_status: 0 })) as {
      total: number;
      totalExact?: boolean;
    };
    await expect.poll(() => totalShown(page)).toBe(platformTotal(delivered));

    // offline, no platform count can be asked: the rows cached so far, marked as counting
    await context.setOffline(true);
    await inApp(page, '/mtRecordList?mt_status=700');
    await expect(page.getByTestId('table-total')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('table-total')).toHaveText(/^已缓存 [\d,]+ 条，统计中…$/);
    await context.setOffline(false);
  } finally {
    release();
  }
});

test('the batch summary sits above the rows, in view, and sums what the platform sums', async ({ page, request }) => {
  const token = await apiToken(request);
  const list = await apiCall(request, token, '/dataGathering/batchList', { pageNumber: 1, pageSize: 1, prod_type: 0 });
  const batch = list.data[0] as { batch_id: string; receive_count: number; sent_count: number };
  const one = await apiCall(request, token, '/dataGathering/batchList', {
    pageNumber: 1,
    pageSize: 10,
    prod_type: 0,
    batch_id: batch.batch_id,
  });
  await login(page);
  await inApp(page, `/dataGatheringBatchList?batch_id=${batch.batch_id}`);
  const summary = page.getByTestId('table-summary');
  await expect(summary).toContainText(`接收数 ${one.summary.receive}`);
  await expect(summary).toContainText(`发送数 ${one.summary.sent}`);
  // above the first row and inside the window, however long the list
  const row = page.locator('.table-screen tbody tr').first();
  await expect(row).toBeVisible();
  const [s, r, height] = await Promise.all([
    summary.boundingBox(),
    row.boundingBox(),
    page.evaluate(() => window.innerHeight),
  ]);
  expect(s!.y + s!.height).toBeLessThanOrEqual(r!.y);
  expect(s!.y + s!.height).toBeLessThanOrEqual(height);
});
