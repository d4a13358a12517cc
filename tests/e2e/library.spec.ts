import { expect, test } from '@playwright/test';
import {
  login,
  apiToken,
  apiCall,
  rows,
  live,
  BACKFILL_MS,
  BASE,
  deadlineFor,
  scaled,
  projectServerUp,
} from './e2e-helpers';

// Templates and address books end to end: a content template created offline shows pending, is pushed once
// when back online, reviewed and shown approved; deletes ask first; video frames and rich cards are previewed from
// uploaded materials (the 100,000-member import is in heavy/, on a server of its own).

// on the heavy tests' server (playwright.config.ts), which Playwright only launches
test.beforeAll(projectServerUp);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

test('a content template made offline shows pending, is pushed once online, reviewed and shown approved; delete asks first', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await login(page);
  await page.goto(`${BASE}/contentTemplateList`);
  await live(page);

  await context.setOffline(true);
  const content = `离线模板 ${Date.now()}：您好 \${p1}，验证码 \${p2}`;
  await page.locator('[data-testid=tpl-add]').click();
  await page.locator('[data-testid=tpl-keyword]').fill('离线');
  // the editor says how variables are written, and flags a misspelt one as it is typed, before any save
  await expect(page.locator('[data-testid=tpl-syntax]')).toContainText('变量写作 ${p1}、${p2}');
  await page.locator('[data-testid=tpl-content]').pressSequentially('您好 ${name}');
  await expect(page.locator('[data-testid=error-template_content]')).toHaveText(
    '变量 ${name} 写法不对，变量写作 ${p1}、${p2}…',
  );
  await page.locator('[data-testid=tpl-content]').fill(content);
  await expect(page.locator('[data-testid=error-template_content]')).toHaveCount(0);
  // live counts: two placeholders, one UCS-2 segment
  await expect(page.locator('[data-testid=tpl-counts]')).toContainText('2');
  await page.locator('[data-testid=tpl-save]').click();
  // offline, the toast says it waits for the network
  await expect(page.locator('.p-toast')).toContainText('已加入待同步，联网后提交');
  const row = rows(page).filter({ hasText: content });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-testid=pending-mark]')).toBeVisible();
  await expect(row.locator('[data-testid=state]')).toHaveAttribute('data-code', '0');

  await context.setOffline(false);
  await expect(row.locator('[data-testid=pending-mark]')).toHaveCount(0, { timeout: deadlineFor() });
  await expect(row.locator('[data-testid=state]')).toHaveAttribute('data-code', '2', { timeout: deadlineFor() });
  const token = await apiToken(request);
  const list = await apiCall(request, token, '/contentTemplate/list', { pageSize: 100, keyword: content });
  expect(list.total, 'pushed exactly once').toBe(1);

  // edited in place, seeded with its text, it goes back to review (how a rejected template is fixed)
  const edited = `${content} 已修改`;
  await row.locator('[data-testid=row-edit]').click();
  await expect(page.locator('[data-testid=tpl-content]')).toHaveValue(content);
  await page.locator('[data-testid=tpl-content]').fill(edited);
  await page.locator('[data-testid=tpl-save]').click();
  await expect(rows(page).filter({ hasText: edited }).locator('[data-testid=state]')).toHaveAttribute(
    'data-code',
    '2',
    { timeout: deadlineFor() },
  );

  // delete asks the spec's question; "no" keeps the row, "yes" deletes it
  await row.locator('[data-testid=row-delete]').click();
  const dialog = page.locator('.p-confirm-dialog');
  // the question names the template by its keyword, not by an id the user never saw
  await expect(dialog).toContainText('此操作将永久删除“离线”，是否继续？');
  await page.locator('.p-confirm-dialog-reject').click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.locator('[data-testid=row-delete]').click();
  await page.locator('.p-confirm-dialog-accept').click();
  await expect(row).toHaveCount(0, { timeout: deadlineFor() });
  expect((await apiCall(request, token, '/contentTemplate/list', { pageSize: 100, keyword: content })).total).toBe(0);

  // Activity names the commands in words
  await page.goto(`${BASE}/activity`);
  await expect(rows(page).filter({ hasText: '新增内容模板' }).first()).toBeVisible();
  await expect(rows(page).filter({ hasText: '删除内容模板' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a video template with two uploaded frames is previewed', async ({ page }) => {
  await login(page);
  await page.goto(`${BASE}/videoTemplateList`);
  const materials = page.waitForResponse((r) => r.url().includes('/file/material') && r.status() === 200);
  await page.locator('[data-testid=tpl-add]').click();
  await page.locator('[data-testid=vt-title]').fill('新品发布');
  await page
    .locator('[data-testid=vt-frame-0-file]')
    .setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('[data-testid=vt-frame-0-uploaded]')).toBeVisible();
  await page.locator('[data-testid=vt-frame-0-text]').fill('第一帧');
  await page.locator('[data-testid=vt-add-frame]').click();
  await page
    .locator('[data-testid=vt-frame-1-file]')
    .setInputFiles({ name: 'two.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.locator('[data-testid=vt-frame-1-uploaded]')).toBeVisible();
  await page.locator('[data-testid=vt-frame-1-text]').fill('第二帧');
  const preview = page.locator('[data-testid=rich-preview]');
  await expect(preview.locator('[data-testid=preview-frame]')).toHaveCount(2);
  await expect(preview.locator('[data-testid=preview-media][data-type=image]')).toHaveCount(2);
  await expect(preview).toContainText('新品发布');
  await expect(preview.locator('[data-testid=preview-frame]').nth(1)).toContainText('第二帧');
  // the preview fetches the material with the Authorization header (no token in a URL) and shows it as a blob: URL;
  // that the platform served to its owner with the type its bytes showed
  await expect(preview.locator('img').first()).toHaveAttribute('src', /^blob:/);
  const served = await materials;
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.url()).not.toContain('token');
  expect(await served.request().headerValue('authorization')).toMatch(/^Bearer /);
  await page.locator('[data-testid=vt-save]').click();
  // online, it says submitted, never "queued"
  await expect(page.locator('.p-toast')).toContainText('已提交，列表将在平台确认后更新');
  await expect(page.locator('.p-toast')).not.toContainText('待同步');
  await expect(rows(page).filter({ hasText: '新品发布' }).first()).toBeVisible();
});

test('a video template with a frame without its material stays open, the error at that frame', async ({ page }) => {
  await login(page);
  await page.goto(`${BASE}/videoTemplateList`);
  await page.locator('[data-testid=tpl-add]').click();
  await page.locator('[data-testid=vt-title]').fill('缺素材');
  await page
    .locator('[data-testid=vt-frame-0-file]')
    .setInputFiles({ name: 'one.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('[data-testid=vt-frame-0-uploaded]')).toBeVisible();
  await page.locator('[data-testid=vt-add-frame]').click();
  await page.locator('[data-testid=vt-frame-1-text]').fill('第二帧没有图');
  await page.locator('[data-testid=vt-save]').click();
  const editor = page.locator('[data-testid=video-template-editor]');
  await expect(editor).toBeVisible();
  await expect(page.locator('[data-testid=vt-frame]').nth(1).getByTestId('error-frames.1.mediaUrl')).toHaveText(
    '第 2 帧：请上传素材',
  );
  await expect(page.locator('[data-testid=vt-frame-1-text]')).toHaveValue('第二帧没有图');
  // uploading the material clears the error and the template is queued
  await page
    .locator('[data-testid=vt-frame-1-file]')
    .setInputFiles({ name: 'two.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.locator('[data-testid=vt-frame-1-uploaded]')).toBeVisible();
  await expect(page.getByTestId('error-frames.1.mediaUrl')).toHaveCount(0);
  await page.locator('[data-testid=vt-save]').click();
  await expect(editor).toBeHidden();
});

test('a member add the platform refuses can be opened again with what was typed', async ({ page, request }) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const token = await apiToken(request);
  const stamp = Date.now();
  const { groupId } = await apiCall(request, token, '/addressBook/addressBookGroupAdd', { groupName: `重复${stamp}` });
  const mobile = `137${String(stamp % 1e8).padStart(8, '0')}`;
  await apiCall(request, token, '/addressBook/addressBookMemberAdd', { groupId, name: '已有', mobile, email: '' });

  await login(page);
  await page.goto(`${BASE}/addressBookList?groupId=${groupId}`);
  await live(page);
  await page.getByTestId('member-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('member-name').fill('又一个');
  await dialog.getByTestId('member-mobile').fill(mobile);
  await dialog.getByTestId('member-save').click();
  await expect(dialog).toBeHidden();
  // the platform refuses the duplicate mobile: the notice stays and reopens the editor with what was typed
  const notice = page.getByTestId('rejection-notice');
  await expect(notice).toBeVisible({ timeout: deadlineFor() });
  await notice.getByTestId('rejection-edit').click();
  const again = page.getByRole('dialog');
  await expect(again.getByTestId('member-name')).toHaveValue('又一个');
  await expect(again.getByTestId('member-mobile')).toHaveValue(mobile);
  await expect(notice).toBeHidden();
});

test('a card template with two cards and buttons is previewed', async ({ page }) => {
  await login(page);
  await page.goto(`${BASE}/cspTemplateList`);
  await page.locator('[data-testid=tpl-add]').click();
  await page.locator('[data-testid=ct-template_name]').fill('双卡片');
  // the account's chatbots are offered, the first chosen
  await expect(page.locator('[data-testid=ct-chatbot_id]')).toContainText('CB0001');
  for (const i of [0, 1]) {
    if (i === 1) await page.locator('[data-testid=ct-add-card]').click();
    await page
      .locator(`[data-testid=ct-card-${i}-file]`)
      .setInputFiles({ name: `c${i}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.locator(`[data-testid=ct-card-${i}-uploaded]`)).toBeVisible();
    await page.locator(`[data-testid=ct-card-${i}-title]`).fill(`卡片标题${i + 1}`);
    await page.locator(`[data-testid=ct-card-${i}-text]`).fill(`卡片正文${i + 1}`);
    await page.locator(`[data-testid=ct-card-${i}-add-button]`).click();
    await page.locator(`[data-testid=ct-card-${i}-button-0]`).fill(`按钮${i + 1}`);
  }
  await page.locator('[data-testid=ct-low-sms] input').check({ force: true });
  await page.locator('[data-testid=ct-sms]').fill('回落短信内容');
  const preview = page.locator('[data-testid=rich-preview]');
  await expect(preview.locator('[data-testid=preview-card]')).toHaveCount(2);
  await expect(preview.locator('[data-testid=preview-button]')).toHaveText(['按钮1', '按钮2']);
  await expect(preview.locator('[data-testid=preview-card]').nth(1)).toContainText('卡片标题2');
  // switch to the fallback SMS view
  await preview.locator('[data-testid=preview-views]').getByText('回落短信').click();
  await expect(preview.locator('[data-testid=preview-sms]')).toHaveText('回落短信内容');
  await page.locator('[data-testid=ct-save]').click();
  await expect(rows(page).filter({ hasText: '双卡片' }).first()).toBeVisible();
});

test('saving a member edited offline records one command, marks the row pending, and pushes it once back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(BACKFILL_MS + scaled(90_000));
  const token = await apiToken(request);
  const stamp = Date.now();
  const { groupId } = await apiCall(request, token, '/addressBook/addressBookGroupAdd', { groupName: `编辑${stamp}` });
  const mobile = `139${String(stamp % 1e8).padStart(8, '0')}`;
  await apiCall(request, token, '/addressBook/addressBookMemberAdd', { groupId, name: '旧名字', mobile, email: '' });

  await login(page);
  await page.goto(`${BASE}/addressBookList?groupId=${groupId}`);
  await live(page);
  const row = rows(page).filter({ hasText: mobile });
  await context.setOffline(true);
  // named for what it does, as a screen reader announces it
  await row.getByRole('button', { name: '修改' }).click();
  const dialog = page.getByRole('dialog');
  const newName = `新名字${stamp}`;
  await dialog.getByTestId('member-name').fill(newName);
  await dialog.getByTestId('member-save').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(newName);
  await expect(row.getByTestId('pending-mark')).toBeVisible();
  await context.setOffline(false);
  await expect(row.getByTestId('pending-mark')).toHaveCount(0, { timeout: deadlineFor() });

  // the audit trail holds the one save, pushed and acknowledged
  await page.goto(`${BASE}/activity`);
  // (the target reads as the member's name)
  const events = rows(page).filter({ hasText: '修改联系人' }).filter({ hasText: newName });
  await expect(events.getByTestId('event-status')).toHaveAttribute('data-status', 'acked', { timeout: deadlineFor() });
  await expect(events).toHaveCount(1);
});

test('Enter in the group name adds the group; deleting a group names the contacts that go with it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const stamp = Date.now();
  const { groupId } = await apiCall(request, token, '/addressBook/addressBookGroupAdd', { groupName: `两人${stamp}` });
  for (const k of [1, 2])
    await apiCall(request, token, '/addressBook/addressBookMemberAdd', {
      groupId,
      name: `成员${k}`,
      mobile: `1370000${String(stamp % 1e4).padStart(4, '0')}`.slice(0, 10) + k,
      email: '',
    });
  await login(page);
  await page.goto(`${BASE}/addressBookList`);
  await live(page);
  const added = `回车${stamp}`;
  await page.getByTestId('group-name').fill(added);
  await page.getByTestId('group-name').press('Enter');
  await expect(page.getByTestId('group').filter({ hasText: added })).toHaveCount(1);
  const pair = page.getByTestId('group').filter({ hasText: `两人${stamp}` });
  await expect(pair).toContainText('(2)');
  await pair.getByTestId('row-delete').click();
  await expect(page.locator('.p-confirm-dialog')).toContainText(
    `此操作将永久删除分组“两人${stamp}”及其中的 2 个联系人，是否继续？`,
  );
  await page.locator('.p-confirm-dialog-reject').click();
  await expect(pair).toHaveCount(1);
});
