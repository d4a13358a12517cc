import { expect, test } from '@playwright/test';
import { TestPeer } from '../../platform/smpp/test-peer.fixtures';
import { apiCall, apiToken, inApp, login } from './e2e-helpers';

// The API information screen shows where to bind over SMPP and the live binds, and an admin ends one: the client,
// bound here from the test over a real socket, is unbound by the platform.

test('an admin sees a live SMPP bind on the API information screen and ends it', async ({ page, request }) => {
  const user = await apiToken(request, 'user');
  await apiCall(request, user, '/user/modifyInterfacePassword', { password: 'demo1234', interfacePassword: 'e2esmpp1' });
  const { port } = (await apiCall(request, user, '/user/getSmppInfo', {})) as { port: number };
  expect(port).toBeGreaterThan(0);
  const peer = await TestPeer.open(port);
  try {
    const bound = await peer.call({
      command: 'bind_transceiver',
      systemId: 'SUB001',
      password: 'e2esmpp1',
      systemType: '',
      interfaceVersion: 0x34,
      addrTon: 0,
      addrNpi: 0,
      addressRange: '',
    } as never);
    expect(bound.commandStatus).toBe(0);

    await login(page, 'admin');
    await inApp(page, '/apiInfo');
    const panel = page.getByTestId('smpp-panel');
    await expect(panel.getByTestId('smpp-address')).toHaveText(new RegExp(`:${port}$`));
    const row = panel.locator('tbody tr', { hasText: 'SUB001' });
    await expect(row).toContainText('收发');
    await row.getByRole('button', { name: /断开连接 SUB001/ }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await peer.until(() => peer.received.some((x) => x.command === 'unbind') || peer.closed, 'unbind from the platform', 20_000);
    await expect(panel.locator('tbody tr', { hasText: 'SUB001' })).toHaveCount(0, { timeout: 20_000 });
    await expect(panel).toContainText('当前没有连接');
  } finally {
    peer.end();
  }
});
