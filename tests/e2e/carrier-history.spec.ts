import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-audit';
import { BASE, apiCall, apiToken, closeSessions, login, scaled } from './e2e-helpers';

// The operator's chart of a carrier's last hour and its cost today on the default server, whose platform sends through
// the simulator as an SMSC (carrier `simulator`): a message sent, its minute counted, the chart opened and closed from
// the keyboard with its summary and its table of figures for screen readers; and the route test naming the address
// the message would go out from.

test.afterEach(closeSessions);

type Minute = { submitted: number };

test("the operator opens a carrier's last hour from the keyboard and reads its cost today", async ({
  page,
  request,
}) => {
  test.setTimeout(scaled(120_000));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const [admin, operator] = await Promise.all([apiToken(request, 'admin'), apiToken(request, 'operator')]);
  await apiCall(request, admin, '/user/groupSend', {
    cus_id: 'EP0001',
    content: '【云信】图表测试',
    mobiles: '13800000777',
  });
  // the instance writes its minute every 2 s: wait until the hour counts the message
  await expect
    .poll(
      async () => {
        const h = (await apiCall(request, operator, '/carrier/history', {})) as {
          carriers: Array<{ name: string; minutes: Minute[] }>;
        };
        return h.carriers.find((c) => c.name === 'simulator')?.minutes.reduce((n, m) => n + m.submitted, 0) ?? 0;
      },
      { timeout: scaled(30_000) },
    )
    .toBeGreaterThan(0);

  await login(page, 'operator');
  await page.locator(`nav.side-menu a[href="${BASE}/carrierStatus"]`).click();
  const table = page.getByTestId('carrier-status').getByRole('table', { name: '通道状态' });
  const simulator = table.locator('tbody tr', { hasText: 'simulator' }).first();
  await expect(simulator.getByTestId('carrier-cost')).toHaveText(/^\d+\.\d{4}/);

  const toggle = simulator.getByRole('button', { name: '图表：通道 simulator 最近一小时' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const figure = page.getByTestId('carrier-history');
  await expect(figure).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-controls', (await figure.getAttribute('id'))!);
  await expect(figure.locator('figcaption')).toHaveText('通道 simulator 最近一小时（每分钟）');
  await expect(figure.getByTestId('carrier-history-canvas')).toHaveAttribute('data-drawn', 'true');
  // the chart's text alternative: its name is the hour's summary, and the figures are a table for screen readers
  const canvas = page.getByRole('img', { name: /通道 simulator 最近一小时/ });
  await expect(canvas).toHaveAttribute('aria-label', /最近 60 分钟：提交 [1-9]\d* 条/);
  await expect(figure.getByTestId('carrier-history-summary')).toContainText('最近 60 分钟：提交');
  const figures = page.getByRole('table', { name: '通道 simulator 每分钟的数据' });
  await expect(figures.locator('tbody tr')).toHaveCount(60);
  await expect(figures.getByRole('columnheader', { name: '成功率' })).toHaveCount(1);
  // the opened row as axe reads it: no serious or critical violation of WCAG 2.x A/AA
  expect(await seriousViolations(page, '[data-testid="carrier-status"]')).toEqual([]);

  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(figure).toHaveCount(0);

  // the route test says which address the account's message would go out from
  await page.locator(`nav.side-menu a[href="${BASE}/carrierRoutes"]`).click();
  const panel = page.getByTestId('route-test');
  await panel.getByLabel('手机号').fill('13800000778');
  await panel.getByLabel('账号（可选）').fill('EP0001');
  await panel.getByRole('button', { name: '测试' }).click();
  await expect(page.getByTestId('route-test-carrier')).toHaveText('simulator');
  await expect(page.getByTestId('route-test-source')).toContainText('1069008001');
  expect(errors).toEqual([]);
});
