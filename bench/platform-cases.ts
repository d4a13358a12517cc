import { API, log } from './run-options';

// The platform's side of the browser bench: its first page of MT records, and the fixed mix of list filters asked of
// /mtRecord/list, measured before the page opens so the two do not share the cores.

async function apiLogin(): Promise<string> {
  const r = await fetch(`${API}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: Buffer.from('demo1234').toString('base64'),
      code: '',
      redomStr: '',
    }),
  });
  return ((await r.json()) as { data: { token: string } }).data.token;
}

async function timedList(token: string, body: Record<string, unknown>): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${API}/mtRecord/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await r.json();
  if (r.status !== 200) throw new Error(`list answered ${r.status}`);
  return performance.now() - t;
}

const DAY = 86_400_000;
export type Case = { name: string; list: Record<string, unknown> | null; local: unknown[]; page?: number };
/** the fixed mix: status, account, date range, phone prefix, page 1 and page 1,000 (20 rows each); then the local
 * searches: content (Chinese 2 and 4 characters, an English word, an order number of one record, no match), phone
 * middle digits and a combined filter. The platform's phone filter is a prefix: it has no middle-digit search. */
function mix(now: number, order: string): Case[] {
  const content = (value: string) => ({
    list: { decodeContent: value },
    local: [{ op: 'contains', field: 'decodeContent', value }],
  });
  return [
    { name: 'status', list: { mt_status: 700 }, local: [{ op: 'eq', field: 'mt_status', value: 700 }] },
    { name: 'account', list: { cus_id: 'SUB001' }, local: [{ op: 'eq', field: 'cus_id', value: 'SUB001' }] },
    {
      name: 'date range',
      list: { startTime: now - 20 * DAY, endTime: now - 10 * DAY },
      local: [{ op: 'range', field: 'receive_time', from: now - 20 * DAY, to: now - 10 * DAY }],
    },
    {
      name: 'phone prefix',
      list: { decodeMobile: '1380' },
      local: [{ op: 'prefix', field: 'decodeMobile', value: '1380' }],
    },
    { name: 'page 1', list: {}, local: [], page: 1 },
    { name: 'page 1000', list: {}, local: [], page: 1000 },
    { name: 'content zh 2 chars', ...content('验证') },
    { name: 'content zh 4 chars', ...content('双十一大') },
    { name: 'content English word', ...content('example') },
    { name: 'content order number (one record)', ...content(order) },
    { name: 'content no match', ...content('没有这条内容') },
    { name: 'phone middle digits', list: null, local: [{ op: 'contains', field: 'decodeMobile', value: '5678' }] },
    {
      name: 'combined (account, status, content, date range)',
      list: {
        cus_id: 'SUB001',
        mt_status: 0,
        decodeContent: '验证码',
        startTime: now - 30 * DAY,
        endTime: now - 5 * DAY,
      },
      local: [
        { op: 'eq', field: 'cus_id', value: 'SUB001' },
        { op: 'eq', field: 'mt_status', value: 0 },
        { op: 'contains', field: 'decodeContent', value: '验证码' },
        { op: 'range', field: 'receive_time', from: now - 30 * DAY, to: now - 5 * DAY },
      ],
    },
  ];
}

/** An order number that one record carries: the search for it should find exactly one. */
async function uniqueOrder(token: string): Promise<{ order: string; total: number }> {
  const list = async (body: Record<string, unknown>) =>
    (await (
      await fetch(`${API}/mtRecord/list`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    ).json()) as {
      data: { total: number; data: { decodeContent: string }[] };
    };
  const some = await list({ prod_type: 0, pageNumber: 1, pageSize: 50, decodeContent: '快递单号SF' });
  let best = { order: 'SF000000', total: 0 };
  for (const r of some.data.data) {
    const order = /SF\d+/.exec(r.decodeContent)?.[0];
    if (!order) continue;
    const total = (await list({ prod_type: 0, pageNumber: 1, pageSize: 1, decodeContent: order })).data.total;
    best = { order, total };
    if (total === 1) break;
  }
  return best;
}

async function platformMix(token: string, cases: Case[]): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = {};
  for (let rep = 0; rep < 10; rep++) {
    for (const m of cases) {
      if (!m.list) continue;
      (times[m.name] ??= []).push(
        await timedList(token, { prod_type: 0, pageNumber: m.page ?? 1, pageSize: 20, ...m.list }),
      );
    }
  }
  return times;
}

/** The platform phase: its first page (once, then five times more), the order number the content search looks for,
 * and the mix's times per case. */
export async function measurePlatform() {
  const token = await apiLogin();
  const now = Date.now();
  const platformFirst = await timedList(token, { prod_type: 0, pageNumber: 1, pageSize: 20 });
  // the same call five times more: one call is what the target names, and it moves 35-135 ms at 1M between runs
  const platformFirstAgain: number[] = [];
  for (let i = 0; i < 5; i++)
    platformFirstAgain.push(await timedList(token, { prod_type: 0, pageNumber: 1, pageSize: 20 }));
  const platformFirstMedian = [...platformFirstAgain].sort((a, b) => a - b)[2];
  const order = await uniqueOrder(token);
  log(`order number for the search: ${order.order} (${order.total} record(s) on the platform)`);
  const cases = mix(now, order.order);
  const platformTimes = await platformMix(token, cases);
  return { platformFirst, platformFirstMedian, order, cases, platformTimes };
}
