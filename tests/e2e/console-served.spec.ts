import { expect, test } from '@playwright/test';

// The platform serves the built console from the same port as the API (issue 2, item 9).
test('the built console is served under /sms-cloud/ and client routes fall back to it', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto('/sms-cloud/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
  const deep = await request.get('/sms-cloud/some/client/route');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const api = await request.post('/sms-service-api/no/such/endpoint', { data: {} });
  expect(api.status()).toBe(404);
  expect((await api.json()).type).toBe(404);
  expect(errors).toEqual([]);
});
