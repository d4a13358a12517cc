import { expect, test } from '@playwright/test';
import { apiCall, apiToken, BASE, closeSessions, scaled, session } from './e2e-helpers';

// The enterprise admin's reply rules screen, opened from the side menu: the opt-out keywords listed as built-in rows,
// and a rule added in the dialog listed with its answer's cost. The rule is removed afterwards, so the demo
// enterprise's replies are as other specs expect them.

test.afterEach(closeSessions);

test('the admin adds a reply rule in the dialog and finds it listed beside the built-in opt-out keywords', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(60_000));
  const keyword = `e2e${Date.now().toString(36).slice(-6)}`;
  const token = await apiToken(request, 'admin');
  try {
    const page = await session(browser, 'admin');
    await page.locator(`nav.side-menu a[href="${BASE}/replyRules"]`).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/replyRules$`));
    const table = page.getByRole('table', { name: '回复规则' });
    await expect(table.getByRole('row').filter({ hasText: '内置：退订' }).first()).toBeVisible();

    await page.getByTestId('reply-rule-add').click();
    const dialog = page.getByRole('dialog', { name: '新增规则' });
    await dialog.getByLabel('关键词').fill(keyword);
    await dialog.getByLabel('自动回复').fill('营业时间 9:00-17:00');
    await expect(dialog.getByTestId('reply-rule-cost')).toContainText('1 条计费');
    await dialog.getByLabel('标签').fill('hours');
    await dialog.getByTestId('reply-rule-save').click();
    await expect(page.locator('.p-toast-message').filter({ hasText: '回复规则已保存' })).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = table.getByRole('row').filter({ hasText: keyword });
    await expect(row).toContainText('营业时间 9:00-17:00');
    await expect(row).toContainText('自定义');
    await expect(row).toContainText('hours');
    await expect(row.getByRole('button', { name: `修改关键词为“${keyword}”的规则` })).toBeVisible();
  } finally {
    const list = (await apiCall(request, token, '/replyRule/list', {})) as {
      rules: Array<{ id: string; keyword: string }>;
    };
    for (const r of list.rules.filter((x) => x.keyword === keyword))
      await apiCall(request, token, '/replyRule/delete', { id: r.id });
  }
});
