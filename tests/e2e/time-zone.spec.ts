import { expect, test } from '@playwright/test';
import { apiCall, apiToken, BASE, login, rows } from './e2e-helpers';

// Every time shows in the account's zone (Asia/Shanghai for the demo accounts), whatever the browser's, and the top
// bar says which. The browser runs in UTC and in New York, where a time read in the browser's zone would be hours off.
const ZONE = 'Asia/Shanghai';
const shown = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    hourCycle: 'h23',
    timeZone: ZONE,
  }).format(ms);

/** 'YYYY-MM-DD HH:mm:ss' written by the platform in Shanghai (UTC+8, no daylight saving) as epoch ms. */
const fromShanghai = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);

for (const timezoneId of ['UTC', 'America/New_York']) {
  test.describe(`browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the last login time and a record time show in the account zone, and the top bar names it', async ({
      page,
      request,
    }) => {
      // a login before this one, so the dashboard has a last login time to show
      await apiToken(request, 'admin');
      await page.addInitScript(() => localStorage.setItem('language', 'en'));
      const token = await login(page, 'admin');
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await expect(page.getByTestId('time-zone')).toContainText('UTC+8');
      await expect(page.getByTestId('time-zone')).toHaveAttribute('title', /Asia\/Shanghai/);

      const info = await apiCall(request, token, '/dataGathering/getSmsIndexInfo', {});
      expect(info.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const lastLogin = page.locator('.stat-card').filter({ hasText: 'Last login time' }).locator('.stat-value');
      await expect(lastLogin).toHaveText(shown(fromShanghai(info.lastLoginTime)));

      // the newest domestic record, found by its number, shows its submit time in the same zone
      const list = await apiCall(request, token, '/mtRecord/list', { pageNumber: 1, pageSize: 1, prod_type: 0 });
      const rec = list.data[0] as { decodeMobile: string; receive_time: number };
      await page.goto(`${BASE}/mtRecordList?decodeMobile=${rec.decodeMobile}`);
      await expect(rows(page).first()).toContainText(shown(rec.receive_time));
      // and both agree with the last login's zone: a time within the hour before the login reads close to it
      expect(Math.abs(fromShanghai(info.lastLoginTime) - Date.now())).toBeLessThan(3_600_000);
    });
  });
}
