import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { numberStatusOf } from '../../platform/records/number-status';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { expectedSns, insertFixtures, MT, timeOf } from './records.fixtures';

// Downloads stream real .xlsx files: opened here with exceljs, they hold the filtered rows, localized headers,
// and text cells escaped against formula injection.
describe.each(DB_KINDS)('downloads on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let user: string;
  const now = new Date();

  beforeAll(async () => {
    await insertFixtures(p.ctx.db, now);
    [admin, user] = await Promise.all([p.login('admin'), p.login('user')]);
  });

  /** POSTs and opens the answer as a workbook: its first sheet as rows of cell values (header row first). */
  async function sheet(path: string, body: object, token: string, lang: 'zh' | 'en' = 'zh') {
    const res = await fetch(p.base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Accept-Language': lang },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('exports the filtered MT rows with localized headers and escaped formula cells', async () => {
    const rows = await sheet('/mtRecord/download', { prod_type: 0, cus_id: 'EP0001' }, admin, 'en');
    const [header, ...data] = rows;
    expect(header.slice(0, 5)).toEqual(['Serial number', 'Account', 'Account name', 'Phone number', 'Content']);
    expect(data.map((r) => r[0])).toEqual(expectedSns((m) => m.prod_type === 0 && m.cus_id === 'EP0001'));
    const contentOf = (sn: string) => data.find((r) => r[0] === sn)?.[4];
    // formula-like text comes back as the same literal text: no formula, no apostrophe (contract/xlsx-sheet.ts)
    expect(contentOf('T-EP-3')).toBe(`=HYPERLINK("http://evil") 点击`);
    expect(contentOf('T-EP-4')).toBe(`+cmd|calc 活动通知`);
    expect(contentOf('T-EP-5')).toBe(`@SUM(A1) 账单提醒`);
    expect(contentOf('T-EP-1')).toBe('您的验证码为 1234');
    expect(data.find((r) => r[0] === 'T-EP-3')?.[5]).toBe('Failure');
    const zh = await sheet('/mtRecord/download', { prod_type: 0, mt_status: 700 }, admin, 'zh');
    expect(zh[0][3]).toBe('手机号码');
    expect(zh.slice(1).map((r) => r[0])).toEqual(expectedSns((m) => m.prod_type === 0 && m.mt_status === 700));
  });

  it('applies the visibility of the list to the download', async () => {
    const rows = await sheet('/mtRecord/download', { prod_type: 0, cus_id: 'EP0001' }, user);
    expect(rows).toHaveLength(1);
    const own = await sheet('/mtRecord/download', { prod_type: 0 }, user);
    expect(own.slice(1).map((r) => r[0])).toEqual(['T-SUB1-1', 'T-SUB1-2']);
  });

  it('exports video, reply, batch, batch-number and timed-number lists', async () => {
    const video = await sheet('/newMtRecord/download', { prod_type: 2 }, admin, 'en');
    expect(video[0]).toContain('Subject');
    expect(video.slice(1).map((r) => r[0])).toEqual(['T-SUB1-V1', 'T-EP-V1']);
    const mo = await sheet('/moRecord/download', { decodeContent: 'TD' }, admin);
    expect(mo.slice(1).map((r) => r[3])).toEqual(['TD']);
    const batches = await sheet('/dataGathering/downloadBatch', { cus_id: 'SUB001' }, admin, 'en');
    expect(batches[0][5]).toBe('Pending');
    expect(batches.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([['TB-SUB1', 4, 2]]);
    const numbers = await sheet('/dataGathering/mobileDownload', { batch_id: 'TB-EP' }, admin);
    expect(numbers.slice(1).map((r) => r[0])).toEqual(expectedSns((m) => m.batch_id === 'TB-EP'));
    expect(await sheet('/dataGathering/mobileDownload', { batch_id: 'TB-EP' }, user)).toHaveLength(1);
    const timed = await sheet('/pageTimeBatch/mobileDownload', { time_batch: 'TT-EP-1' }, admin);
    expect(
      timed
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['13900000001', '13900000002']);
  });

  it('streams a large export completely, in submit-time order', async () => {
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
       select 'DL' || lpad(g::text, 6, '0'), 6, 'SUB002', 'TB-DL', '1770000' || lpad(g::text, 4, '0'), '-' || g, 0, $1::timestamptz + make_interval(secs => g), '202001'
         from generate_series(1, 5000) g`,
      [timeOf(now, 1000)],
    );
    const rows = await sheet('/newMtRecord/download', { prod_type: 6, cus_id: 'SUB002' }, admin);
    expect(rows).toHaveLength(5001);
    expect(rows[1][0]).toBe('DL005000');
    expect(rows[5000][0]).toBe('DL000001');
    expect(rows[1][4]).toBe('-5000');
  });

  it('exports the per-account statistics and an AIM number check', async () => {
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(now);
    for (const [cus, sent, ok] of [
      ['EP0001', 200, 150],
      ['SUB001', 3, 1],
    ] as const) {
      await p.ctx.db.query(
        `insert into stat_rows (id, kind, prod_type, cus_id, gathering_time, sent_count, success_count, failure_count) values ($1, 'day', 0, $2, $3, $4, $5, 1)`,
        [`day|0|${cus}|${day}`, cus, day, sent, ok],
      );
    }
    const dime = await sheet('/dataGathering/downloadDimeList', { prod_type: 0 }, admin, 'en');
    expect(dime[0]).toEqual(['Account', 'Account name', 'Sent', 'Success', 'Failure', 'Unknown']);
    expect(dime.slice(1)).toEqual([
      ['EP0001', '演示企业', 200, '150 (75.00%)', '1 (0.50%)', '0 (0.00%)'],
      ['SUB001', expect.any(String), 3, '1 (33.33%)', '1 (33.33%)', '0 (0.00%)'],
    ]);
    const api = await p.call('/dataGathering/dimeList', { prod_type: 0, pageSize: 100 }, { token: admin });
    expect(dime.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual(
      api.body.data.data.map((d: { cus_id: string; sent_count: number; successUnionStr: string }) => [
        d.cus_id,
        d.sent_count,
        d.successUnionStr,
      ]),
    );
    const mobiles = ['13800138000', '13912345678', '123'];
    const aim = await sheet('/aim/onlineMobileCheck', { mobiles: mobiles.join('\n') }, admin, 'en');
    expect(aim.slice(1).map((r) => r[0])).toEqual(mobiles);
    expect(aim[3][1]).toBe('Invalid');
    expect(numberStatusOf('123')).toBe('invalid');
  });

  it('refuses a download with bad filters as JSON, not as a broken file', async () => {
    const r = await p.call('/mtRecord/download', { prod_type: 0, mt_status: 3 }, { token: admin, lang: 'en' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The status must be 0, 100, 500, 600 or 700');
    const none = await p.call('/dataGathering/mobileDownload', {}, { token: admin });
    expect(none.status).toBe(400);
    expect(MT.length).toBeGreaterThan(0);
  });
});
