import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-audit';
import { BASE } from './e2e-helpers';

// Enterprise registration asks the captcha before a code is sent (each code is a real SMS): the form refuses to ask
// without an answer, the platform refuses a wrong one, and the used-up captcha is replaced by a new image.
test('registration sends the captcha with the code request and shows a new one after it was used', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  await page.getByRole('tab', { name: '企业注册' }).click();
  const form = page.getByRole('form', { name: '企业注册' });
  const image = form.locator('.captcha-button img');
  await expect(image).toBeVisible();
  await form.locator('#reg-epid').fill('E2EREG1');
  await form.locator('#reg-phone').fill('13912340000');
  const sendButton = form.getByRole('button', { name: '获取验证码' });

  // no answer: the form says so and asks nothing
  let asked = 0;
  page.on('request', (r) => r.url().endsWith('/user/sendAuthCode') && asked++);
  await sendButton.click();
  await expect(form.locator('#reg-captcha-error')).toHaveText('请输入验证码');
  expect(asked).toBe(0);

  // a wrong answer: the request carries it, the platform refuses it, and the image is replaced
  const first = await image.getAttribute('src');
  await form.locator('#reg-captcha').fill('ZZZZ');
  const request = page.waitForRequest((r) => r.url().endsWith('/user/sendAuthCode'));
  await sendButton.click();
  const body = (await request).postDataJSON() as { code: string; redomStr: string; epId: string };
  expect(body).toMatchObject({ code: 'ZZZZ', epId: 'E2EREG1' });
  expect(body.redomStr).not.toBe('');
  await expect(page.getByRole('alert').filter({ hasText: '验证码错误或已过期' })).toBeVisible();
  await expect(image).not.toHaveAttribute('src', first ?? '');
  await expect(form.locator('#reg-captcha')).toHaveValue('');

  // the form with its captcha field, its errors and the platform's message, as assistive technology meets it
  expect(await seriousViolations(page, '.login-card')).toEqual([]);
});
