import { expect, test, type Page } from '@playwright/test';
import { closeSessions, session, BASE, API, deadlineFor, scaled, projectServerUp } from './e2e-helpers';

// Accounts and money end to end in Chromium against the server `npm start` runs: the admin adds a
// sub-account and charges it 100; the sub-account logs in and sees the balance; its password change ends its other
// session; a send crossing its warning threshold puts the warning SMS in its records; closing it logs it out.
const SUB = `E2E${String(Date.now()).slice(-6)}`;

const tokenOf = async (page: Page) =>
  decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'Authorization')?.value ?? '');

// on the heavy tests' server (playwright.config.ts), which Playwright only launches
test.beforeAll(projectServerUp);

test.afterEach(closeSessions);

test('sub-account: add, charge 100, log in, change password, balance warning, close', async ({ browser }) => {
  test.setTimeout(scaled(180_000));
  const admin = await session(browser, 'admin', 'demo1234');
  await admin.goto(`${BASE}/subAccountList`);
  const opener = admin.getByTestId('sub-add-open');
  await opener.click();
  const form = admin.getByTestId('sub-add');
  // Escape in an open list closes the list only; closing over typed input asks first, "keep editing" (focused, so
  // Enter answers it) keeps the input, "close without saving" closes; an untouched dialog closes at once
  await form.getByTestId('sub-add-cus_name').fill('端到端子账号');
  await form.getByTestId('sub-add-busCty').click();
  await expect(admin.getByRole('listbox')).toBeVisible();
  await admin.keyboard.press('Escape');
  const ask = admin.locator('.p-confirm-dialog');
  await expect(admin.getByRole('listbox')).toBeHidden();
  await expect(form).toBeVisible();
  await expect(ask).toBeHidden();
  await admin.keyboard.press('Escape');
  await expect(ask).toContainText('关闭后已输入的内容不会保存');
  await expect(ask.getByRole('button', { name: '继续编辑' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(form.getByTestId('sub-add-cus_name')).toHaveValue('端到端子账号');
  await expect(form.locator(':focus')).toHaveCount(1);
  await admin.keyboard.press('Escape');
  await ask.getByRole('button', { name: '不保存，关闭' }).click();
  await expect(form).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(form.getByTestId('sub-add-cus_name')).toHaveValue('');
  await admin.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(ask).toBeHidden();

  await opener.click();
  await form.getByTestId('sub-add-cus_id').fill('ABCDE');
  await form.getByTestId('sub-add-submit').click();
  // the field rules on the console side: a 5-character id is refused before anything is sent
  await expect(form.getByTestId('sub-add-cus_id-error')).toHaveText('账号为 6-10 位字母或数字');
  await form.getByTestId('sub-add-cus_id').fill(SUB);
  await form.getByTestId('sub-add-cus_name').fill('端到端子账号');
  await form.getByTestId('sub-add-password').fill('pass123');
  await form.getByTestId('sub-add-interfacePassword').fill('ifpass1');
  await form.getByTestId('sub-add-ext_number').fill('9001');
  await form.getByTestId('sub-add-busCty').click();
  await admin.getByRole('listbox').getByRole('option', { name: '电商零售' }).click();
  await form.getByTestId('sub-add-prodType').click();
  await admin.getByRole('listbox').getByRole('option', { name: '国内短信' }).click();
  await form.getByTestId('sub-add-submit').click();
  await expect(form).toBeHidden();

  await admin.getByTestId('sub-keyword').fill(SUB);
  await admin.getByTestId('sub-search').click();
  const row = admin.locator('tr', { hasText: SUB });
  await expect(row.getByTestId('sub-balance')).toHaveText('0.00');
  await row.getByTestId('sub-charge').click();
  await admin.getByTestId('charge-amount').fill('100');
  await admin.getByTestId('charge-submit').click();
  await expect(row.getByTestId('sub-balance')).toHaveText('100.00');

  // the charge is a recharge record of the sub-account, typed as a charge
  await admin.goto(`${BASE}/rechargeList`);
  const rechargeRow = admin.getByTestId('recharge-table').locator('tr', { hasText: SUB });
  await expect(rechargeRow).toContainText('100.00');
  await expect(rechargeRow.getByTestId('state')).toHaveAttribute('data-code', '0');

  // the sub-account logs in with its login password and sees its balance
  const sub = await session(browser, SUB, 'pass123');
  await expect(sub.locator('main')).toContainText('100.00');
  const other = await session(browser, SUB, 'pass123');

  // it changes its password: its other session ends
  await sub.goto(`${BASE}/info/setting`);
  const pw = sub.getByTestId('password');
  await pw.getByTestId('password-oldPassword').fill('pass123');
  await pw.getByTestId('password-newPassword').fill('newpass9');
  await pw.getByTestId('password-confirmPassword').fill('newpass9');
  await pw.getByTestId('password-submit').click();
  await expect(pw.getByTestId('password-done')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(new RegExp(`${BASE}/login$`));

  // a balance warning at 99.99; a send takes the balance below it and the warning SMS shows in the records
  await sub.getByRole('button', { name: '余额预警' }).click();
  const warn = sub.getByTestId('warning');
  await warn.getByTestId('warning-enabled').click();
  await sub.getByRole('listbox').getByRole('option', { name: '开启' }).click();
  await warn.getByTestId('warning-warnBalance').fill('99.99');
  await warn.getByTestId('warning-warnMobiles').fill('13800000009');
  await warn.getByTestId('warning-submit').click();
  await expect(warn.getByTestId('warning-done')).toBeVisible();
  const token = await tokenOf(sub);
  const sent = await sub.request.post(`${API}/user/groupSend`, {
    data: { cus_id: SUB, content: '端到端预警测试', mobiles: '13900003301' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(200);
  await sub.goto(`${BASE}/mtRecordList`);
  // the send and the warning SMS it sets off are dispatched, then pulled into the sub-account's replica
  await expect(sub.getByText(/余额预警/).first()).toBeVisible({ timeout: deadlineFor({ messages: 2 }) });

  // its API information shows its account id
  await sub.goto(`${BASE}/apiInfo`);
  await expect(sub.getByTestId('api-app-id')).toHaveText(SUB);
  // the integrator API is documented on its own: full addresses, signing, examples, refusal codes
  await sub.getByRole('button', { name: '对接接口文档（HTTP API）' }).click();
  const doc = sub.getByTestId('integrator-doc');
  await expect(doc.getByTestId('integrator-base')).toHaveText(/\/sms-cloud\/openapi\/v1$/);
  await expect(doc.getByTestId('integrator-signing')).toContainText('HMAC-SHA256');
  await expect(doc.getByTestId('integrator-call')).toHaveCount(6);
  const send = doc.getByTestId('integrator-call').filter({ hasText: '/sms-cloud/openapi/v1/sms/send' });
  await send.locator('summary').click();
  await expect(send).toContainText('Idempotency-Key');
  await expect(send).toContainText('"numbers"');
  await expect(doc.getByTestId('integrator-codes')).toContainText('SIGNATURE_INVALID');

  // with push addresses set, it asks for its delivery reports in groups: a size outside 1-100 is refused on the field
  const pushed = await sub.request.post(`${API}/user/pushUrlModify`, {
    data: { reportUrl: 'https://reports.example.com/r', moUrl: 'https://reports.example.com/m' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(pushed.status()).toBe(200);
  await sub.reload();
  const apiSettings = sub.getByTestId('api-settings');
  const groupSize = apiSettings.getByTestId('api-settings-reportBatch');
  await expect(groupSize).toHaveValue('1');
  await expect(apiSettings.getByTestId('report-batch-note')).toContainText('JSON 数组');
  await groupSize.fill('0');
  await apiSettings.getByTestId('api-settings-submit').click();
  await expect(apiSettings.getByTestId('api-settings-reportBatch-error')).toHaveText(
    '每次推送的报告数须为 1 到 100 的整数',
  );
  await groupSize.fill('50');
  await apiSettings.getByTestId('api-settings-submit').click();
  await expect(apiSettings.getByTestId('api-settings-done')).toBeVisible();
  await sub.reload();
  await expect(sub.getByTestId('api-settings').getByTestId('api-settings-reportBatch')).toHaveValue('50');

  // the admin closes it: it is logged out
  await admin.goto(`${BASE}/subAccountList`);
  await admin.getByTestId('sub-keyword').fill(SUB);
  await admin.getByTestId('sub-search').click();
  await row.getByTestId('sub-close').click();
  await admin.getByRole('button', { name: /Yes|是/ }).click();
  await expect(row.getByTestId('state').first()).toHaveAttribute('data-code', '0');
  await sub.reload();
  await expect(sub).toHaveURL(new RegExp(`${BASE}/login$`));
});
