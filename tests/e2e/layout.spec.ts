import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BACKFILL_MS, inApp, login, scaled } from './e2e-helpers';
import { lineCounts } from './line-counts';

// The shell's layout at 1280 and 1920 px, in zh and en. Structural checks that hold whatever the
// data (one-row top bar, headers and dates on their lines, labels not silently cut, the active tab in view, the login
// toast off the menu), and screenshots of the chrome with every data-driven region masked, against the baselines in
// layout.spec.ts-snapshots/ (taken with Debian's chromium and fonts-noto-cjk, which scripts/ensure-test-prereqs.sh
// installs).
const SCREENS = [
  { path: '/wel/index', name: 'dashboard', table: false },
  { path: '/mtRecordList', name: 'domestic-records', table: true },
  { path: '/dataGatheringBatchList', name: 'batches', table: true },
  { path: '/smsGroupSend', name: 'group-send', table: false },
  { path: '/contentTemplateList', name: 'templates', table: true },
  { path: '/addressBookList', name: 'address-book', table: true },
];
// ten more pages for the tab bar
const MORE_TABS = [
  '/moRecordList',
  '/pageTimeBatchList',
  '/timeMtMessageList',
  '/dataGatheringList',
  '/smsOneToOneSend',
  '/smsLinkSend',
  '/rechargeList',
  '/shortLinkList',
  '/activity',
  '/apiInfo',
];
const SHOT = {
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.01,
  stylePath: join(import.meta.dirname, 'layout-screenshot.css'),
} as const;

async function loginIn(page: Page, lang: 'zh' | 'en') {
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  await login(page);
}

const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function checkChrome(page: Page) {
  // the top bar is one row: every item sits on the same line
  const rows = await page.locator('.top-bar > *:visible').evaluateAll((els) => {
    const boxes = els.map((e) => e.getBoundingClientRect()).filter((b) => b.height > 0);
    return { maxTop: Math.max(...boxes.map((b) => b.top)), minBottom: Math.min(...boxes.map((b) => b.bottom)) };
  });
  expect(rows.maxTop).toBeLessThan(rows.minBottom);
  expect(
    Math.max(...(await lineCounts(page.locator('.top-bar button:visible, .top-bar .sync-status small:visible')))),
  ).toBeLessThanOrEqual(1);
  // sidebar labels: whole, or cut with an ellipsis and the whole label as the link's title
  const cut = await page.locator('.side-menu .menu-link span, .side-menu .menu-group-label span').evaluateAll((els) =>
    els
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .filter(
        (e) =>
          getComputedStyle(e).textOverflow !== 'ellipsis' || e.parentElement?.getAttribute('title') !== e.textContent,
      )
      .map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
}

async function checkTable(page: Page) {
  const screen = page.locator('.table-screen');
  // header cells and operation buttons never wrap: one line each (two at most for a header)
  expect(Math.max(...(await lineCounts(screen.locator('.p-datatable-thead th'))))).toBeLessThanOrEqual(2);
  expect(
    Math.max(0, ...(await lineCounts(screen.locator('.table-search .p-button, tbody td .p-button')))),
  ).toBeLessThanOrEqual(1);
  // date cells on one line
  const cells = screen.locator('tbody td');
  const dates = await cells.evaluateAll(
    (els) => els.filter((e) => /\d{1,2}:\d{2}:\d{2}/.test(e.textContent ?? '')).length,
  );
  if (dates > 0) {
    const counts = await lineCounts(cells.filter({ hasText: /\d{1,2}:\d{2}:\d{2}/ }));
    expect(Math.max(...counts)).toBe(1);
  }
}

for (const width of [1280, 1920]) {
  for (const lang of ['zh', 'en'] as const) {
    test.describe(`${width} px, ${lang}`, () => {
      test.use({ viewport: { width, height: 900 }, timezoneId: 'Asia/Shanghai' });

      test('the chrome holds its layout on the main screens', async ({ page }) => {
        test.setTimeout(BACKFILL_MS + scaled(90_000));
        await loginIn(page, lang);
        // the login toast never covers the menu
        const toast = page.locator('.p-toast-message').first();
        await expect(toast).toBeVisible();
        const toastBox = (await toast.boundingBox())!;
        for (const menu of ['.top-bar', '.side-menu', '.tab-bar'])
          expect(overlap(toastBox, (await page.locator(menu).boundingBox())!), menu).toBe(false);
        await expect(page.locator('.p-toast-message')).toHaveCount(0);
        await expect(page.getByTestId('sync-status')).toHaveAttribute('data-status', 'live', { timeout: BACKFILL_MS });

        for (const s of SCREENS) {
          await inApp(page, s.path);
          await checkChrome(page);
          await expect(page.locator('.side-menu')).toHaveScreenshot(`${width}-${lang}-${s.name}-sidebar.png`, SHOT);
          if (s.name === 'group-send') await expect(page.locator('.send-workspace')).toBeVisible();
          if (!s.table) continue;
          // the list knows its count (rows arrived, or it is empty)
          await expect(page.getByTestId('table-total')).toHaveText(/\d/);
          await checkTable(page);
          await expect(page.locator('.table-search')).toHaveScreenshot(`${width}-${lang}-${s.name}-filters.png`, SHOT);
          await expect(page.locator('.table-screen .p-datatable-thead')).toHaveScreenshot(
            `${width}-${lang}-${s.name}-header.png`,
            SHOT,
          );
        }
        await inApp(page, '/mtRecordList');
        await expect(page.locator('.top-bar')).toHaveScreenshot(`${width}-${lang}-top-bar.png`, {
          ...SHOT,
          mask: [page.getByTestId('sync-status'), page.locator('.icon-with-badge')],
        });
        await expect(page.locator('.tab-bar')).toHaveScreenshot(`${width}-${lang}-tab-bar.png`, SHOT);

        // ten more tabs: the bar scrolls and keeps the active tab in view
        for (const p of MORE_TABS) await inApp(page, p);
        const bar = page.locator('.tab-bar');
        expect(await bar.evaluate((e) => e.getBoundingClientRect().height)).toBeLessThan(48);
        const inView = async (path: string) => {
          const tab = (await page.locator(`.tab[data-path="${path}"]`).boundingBox())!;
          const view = (await bar.boundingBox())!;
          return tab.x >= view.x - 1 && tab.x + tab.width <= view.x + view.width + 1;
        };
        await expect.poll(() => inView(MORE_TABS[MORE_TABS.length - 1])).toBe(true);
        await inApp(page, '/wel/index');
        await expect.poll(() => inView('/wel/index')).toBe(true);
        await inApp(page, MORE_TABS[MORE_TABS.length - 1]);
        await expect.poll(() => inView(MORE_TABS[MORE_TABS.length - 1])).toBe(true);
        await checkChrome(page);
      });
    });
  }
}

test.describe('spec breakpoints', () => {
  for (const width of [768, 992, 1200]) {
    test(`${width} px: one-row top bar, nothing wraps a character per line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginIn(page, 'en');
      await inApp(page, '/dataGatheringBatchList');
      await expect(page.getByTestId('table-total')).toHaveText(/\d/);
      await checkChrome(page);
      await checkTable(page);
    });
  }
});
