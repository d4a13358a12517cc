import { expect, test, type Page, type Route } from '@playwright/test';
import { WARM_TYPES } from '../../src/app/font-warmup';
import { BASE, deadlineFor, inApp, login, logout } from './e2e-helpers';

// Cold first page: with an empty local database the domestic send records come from the platform's list
// endpoint at once; when the pulls arrive the screen switches to local rows without losing or repeating any, and
// scrolling further keeps loading.

// the page's own fetches only, so the routes below see every pull (a service worker would answer them itself)
test.use({ serviceWorkers: 'block' });

const rows = '.table-screen tbody tr:not(.p-datatable-emptymessage)';

/** Records, for each container selector, how many stand-ins and real widgets (its own selector) it held when it first
 * came into the page, or when `when` first did (every load of the page from here on). */
const recordFirstPaint = (page: Page, widgetsOf: Record<string, string>, when?: string) =>
  page.addInitScript(
    ({ sel, when }: { sel: Record<string, string>; when?: string }) => {
      const first: Record<string, { standIns: number; widgets: number }> = ((
        window as unknown as { __firstPaint: typeof first }
      ).__firstPaint = {});
      const seen = new MutationObserver(() => {
        for (const [container, widgets] of Object.entries(sel)) {
          const el = document.querySelector(container);
          if (el && !first[container] && (!when || document.querySelector(when)))
            first[container] = {
              standIns: el.querySelectorAll('.stand-in').length,
              widgets: el.querySelectorAll(widgets).length,
            };
        }
        if (Object.keys(first).length === Object.keys(sel).length) seen.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () =>
        seen.observe(document.body, { childList: true, subtree: true }),
      );
    },
    { sel: widgetsOf, when },
  );
const firstPaintOf = (page: Page, container: string) =>
  page.evaluate((c) => (window as unknown as { __firstPaint?: Record<string, unknown> }).__firstPaint?.[c], container);

test('records show from the platform before the local database has any, then switch to local rows', async ({
  page,
  context,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  // hold every pull (the sync worker's too) until released: the local database stays empty meanwhile
  const held: Route[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  await context.route(/\/sms-service-api\/.*(\/pull|Pull)$/, async (route) => {
    held.push(route);
    await released;
    await route.continue();
  });
  const lists: string[] = [];
  page.on('request', (r) => r.url().endsWith('/mtRecord/list') && lists.push(r.postData() ?? ''));
  const totals: { total: number; totalExact: boolean }[] = [];
  page.on(
    'response',
    (r) =>
      r.url().endsWith('/mtRecord/list') &&
      void r.json().then(
        (b: { data?: { total: number; totalExact: boolean } }) => b.data && totals.push(b.data),
        () => {},
      ),
  );

  // the login answer carries the user, the top menu and the user centre's menu: none is asked after it, and
  // the login chain's first list leaves with the login answer
  const askedAfterLogin: string[] = [];
  page.on('request', (r) => {
    const asked = /\/user\/(getUserInfo|getTopMenu|getMenu)$/.exec(r.url())?.[1];
    if (asked && (asked !== 'getMenu' || r.postData()?.includes('userCenter')))
      askedAfterLogin.push(`${asked} ${r.postData() ?? ''}`);
  });
  const listAsked = page.waitForRequest((r) => r.url().endsWith('/mtRecord/list'), { timeout: deadlineFor() });
  // what the top bar and the filter bar held when each first came into the page
  await recordFirstPaint(page, { '.top-bar': '.language-dropdown[data-pc-name]', '.table-search': '[data-pc-name]' });
  await login(page);
  await listAsked;
  expect(askedAfterLogin, 'the login answered the user and the menus').toEqual([]);
  // the side menu is the user centre's, from the login answer
  await expect(page.locator('.side-menu')).toContainText('财务管理');
  // the shell's first paint shows stand-ins for the top bar's language dropdown and user button, then the widgets
  expect(await firstPaintOf(page, '.top-bar')).toEqual({ standIns: 2, widgets: 0 });
  await expect(page.locator('.top-bar .language-dropdown[data-pc-name="dropdown"]')).toBeVisible();
  // asked on the dashboard, before the records screen opens, and that one request is the screen's page 1
  const firstAsk = lists[0];
  await inApp(page, '/mtRecordList');

  const screen = page.locator('.table-screen');
  await expect(screen).toHaveAttribute('data-source', 'first-sync');
  await expect(page.locator(rows).nth(19)).toBeVisible();
  await expect(page.locator(rows).first().locator('td').first()).toHaveText('1');
  expect(lists.filter((body) => body === firstAsk)).toHaveLength(1);
  // fetched and parsed in the worker started at the login click (sync/http/off-thread-fetch.ts), with the user info and the
  // menus: the page's own resource timeline never held them
  expect(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /\/(mtRecord\/list|getUserInfo|getTopMenu|getMenu)$/.test(e.name))
        .map((e) => e.name),
    ),
  ).toEqual([]);
  // the first table screen of the page paints plain stand-ins for its PrimeReact widgets, which then take
  // their place: every stand-in goes, and the filters work
  expect(await firstPaintOf(page, '.table-search')).toEqual({ standIns: 8, widgets: 3 });
  await expect(page.locator('.stand-in')).toHaveCount(0);
  await page.getByTestId('filter-mt_status').click();
  await expect(page.getByRole('option', { name: '发送成功' })).toBeVisible();
  await page.keyboard.press('Escape');
  // the local database opens and asks for its first pages, which wait: the platform's rows stay
  await expect.poll(() => held.length, { message: 'a pull is being held' }).toBeGreaterThan(0);
  await expect(screen).toHaveAttribute('data-source', 'first-sync');
  // never "no data" while the answer is not known
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  expect(JSON.parse(lists[0])).toMatchObject({ pageNumber: 1, prod_type: 0 });
  // the matching count is the platform's total for the same filters, never the rows loaded
  await expect.poll(() => totals.length).toBeGreaterThan(0);
  // (beyond the platform's exact-count cap it is its estimate, and says so)
  const { total, totalExact } = totals[0];
  await expect(page.getByTestId('table-total')).toHaveText(
    totalExact ? `共 ${total.toLocaleString('zh-CN')} 条` : `约 ${total.toLocaleString('zh-CN')} 条（估算）`,
  );
  // and it came with the page: the platform was asked for the list once, not again for its count
  expect(lists).toEqual([firstAsk]);
  // no banner for these rows: they are what the cache is about to hold
  await expect(page.getByText('数据来自服务器')).toHaveCount(0);

  // from here on the row count must never drop (no blink to empty) while the source changes
  await page.evaluate((sel) => {
    const w = window as unknown as { __minRows: number };
    w.__minRows = document.querySelectorAll(sel).length;
    new MutationObserver(() => (w.__minRows = Math.min(w.__minRows, document.querySelectorAll(sel).length))).observe(
      document.body,
      {
        subtree: true,
        childList: true,
      },
    );
  }, rows);
  const before = await page.locator(rows).evaluateAll((els) => els.slice(0, 5).map((e) => e.textContent));

  release();
  await expect(screen).toHaveAttribute('data-source', 'local', { timeout: deadlineFor() });
  expect(await page.evaluate(() => (window as unknown as { __minRows: number }).__minRows)).toBeGreaterThanOrEqual(20);
  await expect(page.locator(rows).nth(19)).toBeVisible();
  // the newest records are the same ones, now read from the local database
  expect(await page.locator(rows).evaluateAll((els) => els.slice(0, 5).map((e) => e.textContent))).toEqual(before);

  // scrolling further loads the next local pages, without repeating a row, also past what the cache held when the
  // scroll reached its end (the list loads on when the backfill brings more, without another scroll event)
  const scroller = page.locator('.table-screen .p-virtualscroller');
  const lastSerial = () =>
    page.locator(rows).evaluateAll((els) => Math.max(...els.map((e) => Number(e.querySelector('td')?.textContent))));
  await expect
    .poll(
      async () => {
        await scroller.evaluate((el) => el.scrollBy(0, el.scrollHeight));
        return lastSerial();
      },
      { timeout: deadlineFor({ records: 400 }) },
    )
    .toBeGreaterThan(400);
  const shown = await page.locator(rows).evaluateAll((els) =>
    els.map((e) =>
      Array.from(e.querySelectorAll('td'))
        .slice(1)
        .map((td) => td.textContent)
        .join('|'),
    ),
  );
  expect(new Set(shown).size).toBe(shown.length);

  // with this account's cache in the browser, opening the console asks for no first list: the cache answers
  const before2 = lists.length;
  const dashboard = page.waitForResponse((r) => r.url().endsWith('/dataGathering/getSmsIndexInfo'));
  await page.goto(page.url().replace(/\/mtRecordList.*$/, '/wel/index'));
  await dashboard;
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-status', /backfill|live/);
  expect(lists.length).toBe(before2);
  // a logout takes the account's copy off the browser: the next login under the same name finds none and asks the
  // platform's first page again, as a new browser would (decided with the login answer, before the user info)
  await logout(page);
  const menus = page.waitForResponse((r) => r.url().endsWith('/user/getMenu'));
  await login(page, 'admin', 'demo1234', { goto: false });
  await menus;
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-status', /backfill|live/);
  await expect.poll(() => lists.length).toBeGreaterThan(before2);
  expect(pageErrors).toEqual([]);
});

test('the first list asked for one session is never shown to the next one in the same page', async ({ page }) => {
  // admin's login asks the records' first page; admin leaves without opening them, and the sub-account logs in
  const answers: { auth: string; cusIds: string[] }[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('/mtRecord/list')) return;
    const body = (await r.json().catch(() => null)) as { data?: Record<string, unknown> } | null;
    const rows = (Object.values(body?.data ?? {}).find(Array.isArray) ?? []) as { cus_id: string }[];
    answers.push({ auth: (await r.request().allHeaders()).authorization ?? '', cusIds: rows.map((row) => row.cus_id) });
  });
  const adminToken = await login(page);
  await expect.poll(() => answers.filter((a) => a.auth.endsWith(adminToken)).length).toBe(1);
  await logout(page);

  const userToken = await login(page, 'user', 'demo1234', { goto: false });
  await inApp(page, '/mtRecordList');
  await expect(page.locator(rows).first()).toBeVisible();
  // the sub-account's screen asked its own page, which holds only its own records (answers are read asynchronously)
  const own = () => answers.filter((a) => a.auth.endsWith(userToken));
  await expect.poll(() => own().length).toBeGreaterThan(0);
  expect(new Set(own().flatMap((a) => a.cusIds))).toEqual(new Set(['SUB001']));
});

test('a first list that fails opens the records screen at once, with its filters', async ({ page, context }) => {
  // every platform list fails (the local database is held empty too): the screen must not wait for the page
  await context.route(/\/mtRecord\/list$/, (route) => route.abort());
  await context.route(/\/sms-service-api\/.*(\/pull|Pull)$/, (route) => route.abort());
  let asked = 0;
  page.on('request', (r) => r.url().endsWith('/mtRecord/list') && asked++);
  const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/mtRecord/list'));
  await login(page);
  await failed;
  await inApp(page, '/mtRecordList');
  await expect(page.getByTestId('filter-decodeMobile')).toBeVisible();
  await expect(page.locator(rows)).toHaveCount(0);
  // the login's failed page did not stand for the screen's: the screen asked again
  await expect.poll(() => asked).toBeGreaterThanOrEqual(2);
});

test("the top bar mounts its widgets after the first screen's rows, not in the task that renders the screen", async ({
  page,
}) => {
  await login(page);
  // the login's toast comes once the console's first screen is there (the dashboard: at the latest after a second)
  await expect(page.locator('.p-toast').getByText('登录成功')).toBeVisible();
  // what the top bar held when the first row came into the page, on a fresh load of the records screen
  await recordFirstPaint(page, { '.top-bar': '.language-dropdown[data-pc-name]' }, rows);
  await page.goto(`${BASE}/mtRecordList`);
  await expect(page.locator(rows).first()).toBeVisible();
  expect(await firstPaintOf(page, '.top-bar')).toEqual({ standIns: 2, widgets: 0 });
  // then the real widgets, and they work
  await expect(page.locator('.top-bar .stand-in')).toHaveCount(0);
  await page.getByRole('button', { name: /^用户菜单/ }).click();
  await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
});

test('a right-click on a tab and a click on the bell at once after the login open their popups', async ({ page }) => {
  // (the tabs' menu and the notices panel mount once the first screen is there: a click before mounts and opens them)
  await login(page);
  await page.locator('.tab-bar li.tab').first().click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '关闭其他' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '通知' }).click();
  await expect(page.getByText('暂无通知')).toBeVisible();
});

test('the dashboard left before its answer came drops that answer unread, and asks again when opened again', async ({
  page,
  context,
}) => {
  // the dashboard's answer is held until the records screen is open (as when the operator goes straight to a list)
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  await context.route(/\/dataGathering\/getSmsIndexInfo$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  const dropped = page.waitForEvent('requestfailed', (r) => r.url().includes('/dataGathering/getSmsIndexInfo'));
  const asked = page.waitForRequest((r) => r.url().includes('/dataGathering/getSmsIndexInfo'));
  await login(page);
  // (asked once the browser is idle after the shell's render, see the next test)
  await asked;
  await inApp(page, '/mtRecordList');
  await expect(page.locator(rows).first()).toBeVisible();
  expect((await dropped).failure()?.errorText).toContain('ERR_ABORTED');
  release();
  await context.unroute(/\/dataGathering\/getSmsIndexInfo$/);
  await inApp(page, '/wel/index');
  await expect(page.locator('.stat-card').first()).toBeVisible();
  await expect(page.locator('.p-toast-message-error')).toHaveCount(0);
});

test('the dashboard asks for its figures after the task that renders the shell, not in it', async ({ page }) => {
  // each call the page makes notes whether the shell had been seen by then: a mutation observer sees it once the task
  // that rendered it has ended its script (React runs the effects of a render after the login inside that script)
  await page.addInitScript(() => {
    const w = window as unknown as { __shellSeen: boolean; __calls: [string, boolean][] };
    w.__shellSeen = false;
    w.__calls = [];
    const pageFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      w.__calls.push([String(input instanceof Request ? input.url : input), w.__shellSeen]);
      return pageFetch(input, init);
    };
    const seen = new MutationObserver(() => {
      if (document.querySelector('.shell')) w.__shellSeen = true;
    });
    document.addEventListener('DOMContentLoaded', () =>
      seen.observe(document.body, { childList: true, subtree: true }),
    );
  });
  await login(page);
  await expect(page.locator('.stat-card').first()).toBeVisible();
  const calls = await page.evaluate(() =>
    (window as unknown as { __calls: [string, boolean][] }).__calls.filter(([url]) =>
      url.includes('/dataGathering/getSmsIndexInfo'),
    ),
  );
  expect(calls).toEqual([[expect.stringContaining('/dataGathering/getSmsIndexInfo'), true]]);
});

test("the login page looks up the fonts the shell and the records screen set, and starts the first list's worker, before the login", async ({
  page,
}) => {
  /** the (family, size, weight) of every piece of text the page lays out, and whether it shows icons */
  const typesInPage = () =>
    page.evaluate(() => {
      const seen = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || !n.textContent?.trim() || el.closest('noscript, option')) continue;
        const s = getComputedStyle(el);
        if (s.display === 'none') continue;
        const family = s.fontFamily.startsWith('system-ui')
          ? 'body'
          : s.fontFamily.startsWith('"Inter var"')
            ? 'prime'
            : s.fontFamily;
        seen.add(JSON.stringify([family, Math.round(parseFloat(s.fontSize) * 100) / 100, Number(s.fontWeight)]));
      }
      return { types: [...seen], icons: document.querySelectorAll('.pi').length };
    });
  const captchaAnswered = page.waitForResponse((r) => r.url().endsWith('/user/captcha'));
  // the icon font is asked for from the login page and served; whether its face reports loaded before the click
  // depends on how busy the browser is, not on the console
  const iconFontServed = page.waitForResponse((r) => /\/primeicons-[^/]+\.woff2$/.test(r.url()) && r.ok());
  await page.goto(`${BASE}/login`);
  const html = page.locator('html');
  // laid out with the operator's first keystroke, not with the login page
  await captchaAnswered;
  await expect(html).not.toHaveAttribute('data-console-fonts');
  const fetchWorkers = () => page.workers().filter((w) => w.url().includes('fetch.worker'));
  expect(fetchWorkers()).toHaveLength(0);
  await page.locator('#login-username').fill('admin');
  await expect(html).toHaveAttribute('data-console-fonts', 'warm');
  // the worker the login chain's first list is fetched in runs before the click (src/app/load-console.ts)
  await expect.poll(() => fetchWorkers().length).toBe(1);
  await iconFontServed;
  await login(page, 'admin', 'demo1234', { goto: false });
  await expect(page.locator('.shell .side-menu')).toBeVisible();
  const shell = await typesInPage();
  await inApp(page, '/mtRecordList');
  await expect(page.locator(rows).nth(19)).toBeVisible();
  const records = await typesInPage();
  expect(shell.icons).toBeGreaterThan(0);
  const warmed = new Set(
    WARM_TYPES.map(([family, px, weight]) => JSON.stringify([family, Math.round(px * 100) / 100, weight])),
  );
  const cold = [...new Set([...shell.types, ...records.types])].filter((t) => !warmed.has(t));
  expect(
    cold,
    'types laid out for the first time on the cold path: add them to WARM_TYPES (src/app/font-warmup.ts)',
  ).toEqual([]);
});
