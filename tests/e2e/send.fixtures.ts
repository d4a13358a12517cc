import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, BASE } from './e2e-helpers';

// What the send specs share: opening a send screen on the first account, reading a shown amount, counting batches.

export async function openSend(page: Page, path: string) {
  await page.goto(`${BASE}${path}`);
  await expect(page.getByTestId('send-account')).toContainText('EP0001');
  await expect(page.getByTestId('send-balance')).toBeVisible();
}

/** 1,234.56 / ¥1,234.56 → 1234.56 */
export const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

export async function batchesWith(request: APIRequestContext, token: string, content: string): Promise<number> {
  const r = await request.post(`${API}/dataGathering/batchList`, {
    data: { pageNumber: 1, pageSize: 100 },
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = (await r.json()).data?.data ?? [];
  return rows.filter((b: { decodeContent: string }) => b.decodeContent === content).length;
}
