import { expect, test } from '@playwright/test';

// The platform serves the built console from the same port as the API.
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

// V8's explicit compile hint on the logged-in console's chunk (vite.config.ts): its functions compile when the chunk
// loads, while the operator types, not on their first call between the login and the first page
test("the logged-in console's chunk, fetched while the operator types, asks V8 to compile it whole", async ({
  page,
  request,
}) => {
  await page.goto('/sms-cloud/login');
  await page.locator('#login-username').fill('admin');
  const chunkUrl = () =>
    page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .find((n) => /\/logged-in-console-[^/]*\.js$/.test(n)) ?? '',
    );
  await expect.poll(chunkUrl).toMatch(/logged-in-console/);
  const chunk = await chunkUrl();
  const code = await (await request.get(chunk)).text();
  expect(code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
  // the entry chunk, which the login page runs at once, is compiled as V8 decides
  const entry = await page.evaluate(
    () => (document.querySelector('script[type=module][src]') as HTMLScriptElement).src,
  );
  expect((await (await request.get(entry)).text()).startsWith('//# allFunctionsCalledOnLoad')).toBe(false);
});
