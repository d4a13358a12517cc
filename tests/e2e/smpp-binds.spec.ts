import { expect, test } from '@playwright/test';
import { shortMessagePdu } from '../../platform/smpp-wire/pdu-types';
import { TestPeer } from '../helpers/smpp-test-peer';
import { apiCall, apiToken, BASE, inApp, login, rows } from './e2e-helpers';

// A client bound from the test over a real socket: its message shows in the send records under the source filter
// SMPP, the API information screen shows where to bind and the live bind, and an admin ends it.

test('a message sent over SMPP is found by the source filter; an admin sees the live bind and ends it', async ({
  page,
  request,
}) => {
  const user = await apiToken(request, 'user');
  await apiCall(request, user, '/user/modifyInterfacePassword', {
    password: 'demo1234',
    interfacePassword: 'e2esmpp1',
  });
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
    const text = `e2e over smpp ${Date.now()}`;
    const submitted = await peer.call(
      shortMessagePdu('submit_sm', {
        sourceAddr: '8003',
        destinationAddr: '13800138000',
        shortMessage: Buffer.from(text),
      }),
    );
    expect(submitted.commandStatus).toBe(0);

    await login(page, 'admin');
    await page.goto(`${BASE}/mtRecordList?source=smpp`);
    const record = rows(page).filter({ hasText: text });
    await expect(record).toHaveCount(1);
    await record.click();
    await expect(page.getByTestId('detail-source')).toContainText('SMPP');
    await page.keyboard.press('Escape');
    await page.goto(`${BASE}/mtRecordList?source=console`);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).filter({ hasText: text })).toHaveCount(0);

    await inApp(page, '/apiInfo');
    const panel = page.getByTestId('smpp-panel');
    await expect(panel.getByTestId('smpp-address')).toHaveText(new RegExp(`:${port}$`));
    const row = panel.locator('tbody tr', { hasText: 'SUB001' });
    await expect(row).toContainText('收发');
    await row.getByRole('button', { name: /断开连接 SUB001/ }).click();
    await page.locator('.p-confirm-dialog-accept').click();
    await peer.until(
      () => peer.received.some((x) => x.command === 'unbind') || peer.closed,
      'unbind from the platform',
      20_000,
    );
    await expect(panel.locator('tbody tr', { hasText: 'SUB001' })).toHaveCount(0, { timeout: 20_000 });
    await expect(panel).toContainText('当前没有连接');
  } finally {
    peer.end();
  }
});
