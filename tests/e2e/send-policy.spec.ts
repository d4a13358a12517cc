import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiCall, apiToken, BASE, closeSessions, scaled, session } from './e2e-helpers';

// The enterprise admin's send policy screen, opened from the side menu: a changed cap and duplicate window kept over a
// reload, a value out of the contract's bounds told in words at its input with nothing saved, and no entry for a
// sub-account. The policy is the demo enterprise's, which the other specs send under: each test puts it back as it
// found it.

test.afterEach(closeSessions);

const menuLink = (page: Page, path: string) => page.locator(`nav.side-menu a[href="${BASE}${path}"]`);

/** Types a number into a number box as a person does: all of it replaced, then on to the next input. */
async function typeNumber(input: Locator, n: number) {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(String(n));
  await input.press('Tab');
}

/** Runs `body` with the demo enterprise's policy put back afterwards, whatever happens in it. */
async function keepingPolicy(request: APIRequestContext, body: (before: Record<string, unknown>) => Promise<void>) {
  const token = await apiToken(request, 'admin');
  const before = (await apiCall(request, token, '/sendPolicy/get', {})) as Record<string, unknown>;
  try {
    await body(before);
  } finally {
    await apiCall(request, token, '/sendPolicy/modify', before);
  }
}

test('the admin changes the verification per-minute cap and the duplicate window, and finds them kept after a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  await keepingPolicy(request, async (before) => {
    const page = await session(browser, 'admin');
    await menuLink(page, '/sendPolicy').click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/sendPolicy$`));
    // each input found by its group's legend and its own label, as a screen reader names it
    const perMinute = page.getByRole('group', { name: '验证码类' }).getByLabel('每分钟');
    await expect(perMinute).toHaveAttribute('data-testid', 'policy-caps-verification-perMinute');
    const window = page.getByTestId('policy-duplicateWindowS');
    // values other than those held, small enough to show without a thousands separator
    const held = before as { caps: { verification: { perMinute: number } }; duplicateWindowS: number };
    const cap = held.caps.verification.perMinute === 37 ? 38 : 37;
    const seconds = held.duplicateWindowS === 45 ? 46 : 45;
    await typeNumber(perMinute, cap);
    await typeNumber(window, seconds);
    await page.getByTestId('policy-save').click();
    await expect(page.locator('.p-toast-message').filter({ hasText: '发送策略已保存' })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('policy-caps-verification-perMinute')).toHaveValue(String(cap));
    await expect(page.getByTestId('policy-duplicateWindowS')).toHaveValue(String(seconds));
    // what was not touched is as it was
    await expect(page.getByTestId('policy-quietHours-from')).toHaveValue(
      (before as { quietHours: { from: string } }).quietHours.from,
    );
  });
});

test('a cap out of bounds is told at its input in words, and nothing is saved', async ({ browser, request }) => {
  test.setTimeout(scaled(60_000));
  await keepingPolicy(request, async (before) => {
    const page = await session(browser, 'admin');
    const modify: string[] = [];
    page.on('request', (r) => r.url().endsWith('/sendPolicy/modify') && modify.push(r.url()));
    await menuLink(page, '/sendPolicy').click();
    const perMinute = page.getByTestId('policy-caps-verification-perMinute');
    await typeNumber(perMinute, 10_001);
    await page.getByTestId('policy-save').click();
    const error = page.getByTestId('policy-caps-verification-perMinute-error');
    await expect(error).toHaveText('须为 0–10000 的整数（0 为不限）');
    // the error is the input's description, so a screen reader says it with the input
    await expect(perMinute).toHaveAttribute('aria-invalid', 'true');
    await expect(perMinute).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
    // what was typed stays to be fixed
    await expect(perMinute).toHaveValue('10,001');
    expect(modify).toEqual([]);
    const token = await apiToken(request, 'admin');
    expect(await apiCall(request, token, '/sendPolicy/get', {})).toEqual(before);
  });
});

test('a sub-account has no send policy entry, and its typed address opens the refusal page', async ({ browser }) => {
  const page = await session(browser, 'user');
  await expect(menuLink(page, '/rechargeList')).toBeVisible();
  await expect(menuLink(page, '/sendPolicy')).toHaveCount(0);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${BASE}/sendPolicy`);
  await expect(page).toHaveURL(new RegExp(`${BASE}/403$`));
});

test('a second verification code to a number within the hour cap is held back, and the send result names the number and why', async ({
  browser,
  request,
}) => {
  test.setTimeout(scaled(90_000));
  // a cap of one code an hour: two sends through the form on a busy machine may fall more than the minute cap's 60 s
  // apart; an hour is wide enough for any run
  await keepingPolicy(request, async (before) => {
    const held = before as { caps: Record<string, { perMinute: number; perHour: number; perDay: number }> };
    const token = await apiToken(request, 'admin');
    await apiCall(request, token, '/sendPolicy/modify', {
      ...before,
      caps: { ...held.caps, verification: { perMinute: 0, perHour: 1, perDay: 0 } },
    });
    const page = await session(browser, 'admin');
    // numbers of this run only: the per-number caps count across every run on this server
    const tail = String(Date.now()).slice(-7);
    const [a, b] = [`1390${tail}`, `1391${tail}`];
    const sendCode = async (code: string, mobiles: string) => {
      await page.goto(`${BASE}/smsGroupSend`);
      await expect(page.getByTestId('send-account')).toContainText('EP0001');
      await page.getByTestId('send-category').click();
      await page.getByRole('option', { name: '验证码' }).click();
      await page.getByTestId('send-content').fill(`【演示】您的验证码是 ${code}`);
      await page.getByTestId('send-mobiles').fill(mobiles);
      await page.getByTestId('send-submit').click();
      await page.getByTestId('send-confirm-ok').click();
      await expect(page.getByTestId('send-result')).toBeVisible();
    };
    await sendCode('1111', a);
    await expect(page.getByTestId('send-result-limited')).toHaveCount(0);
    await sendCode('2222', `${a}\n${b}`);
    const limited = page.getByTestId('send-result-limited');
    await expect(limited).toContainText('1 个号码受发送策略限制');
    await expect(limited.getByRole('list', { name: '受限号码' })).toHaveText(`${a}: 超过每小时上限`);
  });
});
