import { expect, test } from '@playwright/test';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { login, apiToken, apiCall, live, rows, BACKFILL_MS, BASE, deadlineFor, scaled } from './e2e-helpers';

// Offline-first sync end to end: records while backfill runs, offline reload and filtering, a pause
// recorded offline and pushed once online, live delivery reports, one replicating tab.

// the offline reload is served by the service worker
test.use({ serviceWorkers: 'allow' });

test('offline-first records: backfill, offline browse, pending pause pushed once, live reports, one replicating tab', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(120_000));
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  const statuses: string[] = [];
  await page.exposeFunction('__syncStatus', (s: string) => statuses.push(s));

  // pulls seen from this tab (its sync worker's requests are reported on the page)
  const firstPulls: string[] = [];
  page.on('request', (r) => r.url().includes('/pull') && firstPulls.push(r.url()));
  await login(page, 'admin');
  await page.goto(`${BASE}/mtRecordList`);
  // watch the indicator from the start: rows must show while it still says "backfill"
  await page.evaluate(() => {
    const w = window as unknown as { __syncStatus: (s: string) => void };
    const seen = () => {
      const el = document.querySelector('[data-testid=sync-status]');
      const n = document.querySelectorAll('.table-screen tbody tr:not(.p-datatable-emptymessage)').length;
      w.__syncStatus(`${el?.getAttribute('data-status')}:${n}`);
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, attributes: true });
    seen();
  });
  await expect(rows(page).first()).toBeVisible();
  await live(page);
  expect(
    statuses.some((s) => s.startsWith('backfill:') && Number(s.split(':')[1]) > 0),
    'rows on screen during backfill',
  ).toBe(true);
  // serial column
  await expect(rows(page).first().locator('td').first()).toHaveText('1');

  // a second tab reads the same database but does not replicate
  const second = await context.newPage();
  const secondPulls: string[] = [];
  second.on('request', (r) => r.url().includes('/pull') && secondPulls.push(r.url()));
  await second.goto(`${BASE}/mtRecordList`);
  await expect(rows(second).first()).toBeVisible();
  await expect(second.locator('[data-testid=sync-status]')).toHaveAttribute('data-status', 'follower');
  expect(firstPulls.length, 'the leading tab pulls (so the listener sees worker requests)').toBeGreaterThan(0);
  expect(
    page.workers().some((w) => w.url().includes('sync.worker')),
    'the leader replicates in a worker',
  ).toBe(true);
  expect(second.workers().some((w) => w.url().includes('sync.worker'))).toBe(false);
  const leaderPullsBefore = firstPulls.length;

  // a delivery report arriving on the platform changes the status on screen without a reload
  const token = await apiToken(request);
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await apiCall(request, token, '/user/groupSend', {
    cus_id: 'EP0001',
    content: '【演示】您的验证码是 1234',
    mobiles: mobile,
  });
  await page.locator('[data-testid=filter-decodeMobile]').fill(mobile);
  await page.locator('[data-testid=table-search]').click();
  await expect(page).toHaveURL(new RegExp(`decodeMobile=${mobile}`));
  const status = rows(page).first().locator('[data-testid=send-status]');
  // SSE brings it within a second; the deadline also covers the safety catch-up poll (~18 s) should a notice be lost
  const delivered = deadlineFor({ messages: 1 });
  await expect(status).toBeVisible({ timeout: delivered });
  await expect(status).not.toHaveAttribute('data-status', 'waiting', { timeout: delivered });
  await expect(status).toHaveAttribute('data-status', /success|failure|timeout/, { timeout: delivered });
  // the leader pulled the send and its report while the second tab was open; the second tab pulled nothing
  expect(firstPulls.length).toBeGreaterThan(leaderPullsBefore);
  expect(secondPulls).toEqual([]);
  await second.close();

  // offline: reload, browse and filter the cached records
  await context.setOffline(true);
  await page.goto(`${BASE}/mtRecordList?mt_status=700`);
  await expect(rows(page).first()).toBeVisible();
  const shown = await rows(page)
    .locator('[data-testid=send-status]')
    .evaluateAll((els) => els.slice(0, 20).map((e) => e.getAttribute('data-status')));
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['failure']));
  await expect(page.locator('[data-testid=sync-status]')).toHaveAttribute('data-status', 'offline');
  // the source filter, answered by the cache (records sent over SMPP are filtered in the SMPP spec)
  await page.goto(`${BASE}/mtRecordList`);
  await expect(rows(page).first()).toBeVisible();
  const chooseSource = async (name: string) => {
    await page.getByTestId('filter-source').click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.locator('[data-testid=table-search]').click();
  };
  await chooseSource('控制台');
  await expect(page).toHaveURL(/source=console/);
  await expect(rows(page).first()).toBeVisible();
  await rows(page).first().click();
  await expect(page.getByTestId('detail-source')).toContainText('控制台');
  await page.keyboard.press('Escape');

  // pause a timed batch offline: shown pending at once
  await page.goto(`${BASE}/pageTimeBatchList?send_status=0`);
  const row = rows(page).first();
  await expect(row).toBeVisible();
  const timeBatch = (await row.locator('td').nth(1).innerText()).trim();
  await row.locator('[data-testid=op-pause]').click();
  await page.locator('.p-confirm-dialog-accept').click();
  const target = rows(page).filter({ hasText: timeBatch });
  await expect(target.locator('[data-testid=pending-mark]')).toBeVisible();
  await expect(target.locator('[data-testid=state]')).toHaveAttribute('data-code', '2');

  // back online: pushed, paused on the platform, acknowledged in Activity
  await context.setOffline(false);
  await expect(target.locator('[data-testid=pending-mark]')).toHaveCount(0, { timeout: deadlineFor() });
  const list = await apiCall(request, token, '/pageTimeBatch/list', { pageNumber: 1, pageSize: 100, send_status: 2 });
  expect(list.data.filter((b: { time_batch: string }) => b.time_batch === timeBatch)).toHaveLength(1);
  await page.goto(`${BASE}/activity`);
  const events = rows(page).filter({ hasText: timeBatch });
  await expect(events).toHaveCount(1);
  await expect(events.locator('[data-testid=event-status]')).toHaveAttribute('data-status', 'acked');
  expect(pageErrors).toEqual([]);
});

test('the local cache dialog shows what synced and keeps a valid window', async ({ page }) => {
  test.setTimeout(BACKFILL_MS + scaled(120_000));
  await login(page, 'admin');
  await page.goto(`${BASE}/mtRecordList`);
  await live(page);
  await page.locator('[data-testid=sync-status]').click();
  const dialog = page.locator('[data-testid=cache-dialog]');
  await expect(dialog).toBeVisible();
  // one row per replicated resource, send records among them with a count
  await expect(dialog.locator('tbody tr')).toHaveCount(Object.keys(FEED_RESOURCES).length);
  await expect(dialog.locator('#cache-days')).toHaveValue('90');
  // out of range: a localized error, nothing saved
  const typeDays = async (v: string) => {
    await dialog.locator('#cache-days').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await dialog.locator('#cache-days').pressSequentially(v);
  };
  await typeDays('0');
  await expect(dialog.getByRole('alert')).toContainText('1');
  await expect(dialog.locator('[data-testid=cache-save]')).toBeDisabled();
  await typeDays('30');
  await dialog.locator('[data-testid=cache-save]').click();
  await expect(dialog).toBeHidden();
  await page.locator('[data-testid=sync-status]').click();
  await expect(page.locator('[data-testid=cache-dialog] #cache-days')).toHaveValue('30');
});
