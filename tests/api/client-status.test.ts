import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { MT_STATUS } from '../../contract/states';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { insertFixtures } from './records.fixtures';

// A console user whose showClientStatus is 0 (the demo's `user`, account SUB001) is answered no delivery outcome by any
// door of the console: lists, feed pulls, downloads, summaries, the dashboard, and a status filter is refused. The
// demo's `admin` (showClientStatus 1, reaching SUB001 too) is answered the same records with their outcomes.

type Row = Record<string, unknown>;
const OUTCOME_HEADERS = ['Status', 'Report code', 'Report description', 'Success', 'Failure', 'Unknown'];

describe.each(DB_KINDS)('delivery outcomes withheld from a user who may not see them on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let user: string;
  const now = new Date();
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(now);

  beforeAll(async () => {
    await insertFixtures(p.ctx.db, now);
    // the failure of SUB001 with a description and an error text; one record waiting for its report; a day of statistics
    await p.ctx.db.query(
      `update mt_records set report_result_desc = 'Undelivered', err_desc = 'carrier refused' where sn = 'T-SUB1-2'`,
    );
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month, segments, price)
       select 'T-SUB1-W', 0, 'SUB001', 'TB-SUB1', '13811119003', '等待回执', 500, receive_time, month, 1, 0.05 from mt_records where sn = 'T-SUB1-1'`,
    );
    await p.ctx.db.query(
      `insert into stat_rows (id, kind, prod_type, cus_id, gathering_time, sent_count, success_count, failure_count, unknown_count)
       values ($1, 'day', 0, 'SUB001', $2, 3, 1, 1, 1)`,
      [`day|0|SUB001|${day}`, day],
    );
    [admin, user] = await Promise.all([p.login('admin'), p.login('user')]);
  });

  const ok = async (path: string, body: object, token: string) => {
    const r = await p.call(path, body, { token, lang: 'en' });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const bySn = (rows: Row[]) => new Map(rows.map((r) => [r.sn, r]));
  const pull = async (path: string, token: string) =>
    (await ok(path, { direction: 'forward', limit: 1000, checkpoint: null }, token)).documents as Row[];

  /** The first sheet of a download as rows of cell values, header row first. */
  async function sheet(path: string, body: object, token: string) {
    const res = await fetch(p.base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Accept-Language': 'en' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('answers send records, in the list and in the feed pull, with outcomes as the neutral sent state', async () => {
    const list = bySn((await ok('/mtRecord/list', { prod_type: 0, cus_id: 'SUB001', pageSize: 100 }, user)).data);
    const pulled = bySn(
      (await pull(FEED_RESOURCES.mtRecord.path, user)).filter((d) => d.cus_id === 'SUB001' && d.prod_type === 0),
    );
    for (const rows of [list, pulled]) {
      expect([...rows.keys()].sort()).toEqual(['T-SUB1-1', 'T-SUB1-2', 'T-SUB1-W']);
      expect(rows.get('T-SUB1-1')).toMatchObject({
        mt_status: MT_STATUS.sent,
        report_result: null,
        report_result_desc: null,
        errDesc: null,
      });
      expect(rows.get('T-SUB1-2')).toMatchObject({
        mt_status: MT_STATUS.sent,
        report_result: null,
        report_result_desc: null,
        errDesc: null,
      });
      // waiting for the report is not an outcome
      expect(rows.get('T-SUB1-W')).toMatchObject({ mt_status: MT_STATUS.waiting });
      expect(JSON.stringify([...rows.values()])).not.toMatch(/UNDELIV|Undelivered|carrier refused/);
    }
    const full = bySn((await ok('/mtRecord/list', { prod_type: 0, cus_id: 'SUB001', pageSize: 100 }, admin)).data);
    expect(full.get('T-SUB1-2')).toMatchObject({
      mt_status: 700,
      report_result: 'UNDELIV',
      report_result_desc: 'Undelivered',
      errDesc: 'carrier refused',
    });
    expect(full.get('T-SUB1-1')).toMatchObject({ mt_status: 0, report_result: '0' });
    const fullPull = bySn(await pull(FEED_RESOURCES.mtRecord.path, admin));
    expect(fullPull.get('T-SUB1-2')).toMatchObject({ mt_status: 700, report_result: 'UNDELIV' });
  });

  it('refuses a status filter from such a user, in the list and the download, and keeps it for others', async () => {
    for (const [path, prod_type] of [
      ['/mtRecord/list', 0],
      ['/newMtRecord/list', 2],
      ['/mtRecord/download', 0],
    ] as const) {
      const r = await p.call(path, { prod_type, mt_status: 700 }, { token: user, lang: 'en' });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('This user may not see delivery outcomes, so records cannot be filtered by status');
    }
    const failures = await ok('/mtRecord/list', { prod_type: 0, cus_id: 'SUB001', mt_status: 700 }, admin);
    expect(failures.data.map((r: Row) => r.sn)).toEqual(['T-SUB1-2']);
  });

  it('answers batches, their summary and statistics with zero counts and empty ratio cells', async () => {
    const batches = await ok('/dataGathering/batchList', { prod_type: 0, pageSize: 100 }, user);
    const sub = batches.data.find((b: Row) => b.batch_id === 'TB-SUB1');
    expect(sub).toMatchObject({
      receive_count: 4,
      sent_count: 2,
      success_count: 0,
      failure_count: 0,
      unknown_count: 0,
    });
    expect(batches.summary).toMatchObject({ receive: 4, sent: 2, success: 0, failure: 0, unknown: 0 });
    const pulledBatch = (await pull(FEED_RESOURCES.batch.path, user)).find((b) => b.batch_id === 'TB-SUB1');
    expect(pulledBatch).toMatchObject({ sent_count: 2, success_count: 0, failure_count: 0, unknown_count: 0 });

    const withheld = {
      success_count: 0,
      failure_count: 0,
      unknown_count: 0,
      successUnionStr: '',
      failureUnionStr: '',
      unknownUnionStr: '',
    };
    const stats = await ok('/dataGathering/list', { dimension: 0, prod_type: 0, pageSize: 100 }, user);
    expect(stats.data).toEqual([expect.objectContaining({ cus_id: 'SUB001', sent_count: 3, ...withheld })]);
    const dime = await ok('/dataGathering/dimeList', { prod_type: 0, pageSize: 100 }, user);
    expect(dime.data).toEqual([expect.objectContaining({ cus_id: 'SUB001', sent_count: 3, ...withheld })]);
    const pulledStat = (await pull(FEED_RESOURCES.statistics.path, user)).find((s) => s.cus_id === 'SUB001');
    expect(pulledStat).toMatchObject({ sent_count: 3, ...withheld });

    const adminBatch = (await ok('/dataGathering/batchList', { prod_type: 0, cus_id: 'SUB001' }, admin)).data[0];
    expect(adminBatch).toMatchObject({ success_count: 1, failure_count: 1 });
    const adminStats = await ok('/dataGathering/list', { dimension: 0, prod_type: 0, cus_id: 'SUB001' }, admin);
    expect(adminStats.data[0]).toMatchObject({ success_count: 1, successUnionStr: '1 (33.33%)' });
  });

  it('answers the dashboard without outcome counts or ratio series', async () => {
    const mine = await ok('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, user);
    expect(mine).toMatchObject({ todayAllCount: 3, todaySuccessCount: 0, todayFailureCount: 0, todayUnknownCount: 0 });
    expect([mine.successRatioAxis, mine.failureRatioAxis, mine.unknownRatioAxis]).toEqual([[], [], []]);
    const full = await ok('/dataGathering/getSmsIndexInfo', { prod_type: 0 }, admin);
    expect(full.todaySuccessCount).toBeGreaterThanOrEqual(1);
    expect(full.successRatioAxis).toHaveLength(30);
  });

  it('leaves the outcome columns out of the downloads', async () => {
    const mt = await sheet('/mtRecord/download', { prod_type: 0 }, user);
    expect(mt[0]).toEqual([
      'Serial number',
      'Account',
      'Account name',
      'Phone number',
      'Content',
      'Submit time',
      'Segments',
      'Source',
    ]);
    expect(
      mt
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['T-SUB1-1', 'T-SUB1-2', 'T-SUB1-W']);
    expect(JSON.stringify(mt)).not.toMatch(/Failure|Success|UNDELIV|Undelivered/);
    const numbers = await sheet('/dataGathering/mobileDownload', { batch_id: 'TB-SUB1' }, user);
    expect(numbers[0].some((h) => OUTCOME_HEADERS.includes(String(h)))).toBe(false);
    const batches = await sheet('/dataGathering/downloadBatch', { prod_type: 0 }, user);
    expect(batches[0].some((h) => OUTCOME_HEADERS.includes(String(h)))).toBe(false);
    const dime = await sheet('/dataGathering/downloadDimeList', { prod_type: 0 }, user);
    expect(dime).toEqual([
      ['Account', 'Account name', 'Sent'],
      ['SUB001', expect.any(String), 3],
    ]);

    const full = await sheet('/mtRecord/download', { prod_type: 0, cus_id: 'SUB001' }, admin);
    expect(full[0]).toEqual(expect.arrayContaining(['Status', 'Report code', 'Report description']));
    expect(full.find((r) => r[0] === 'T-SUB1-2')).toEqual(
      expect.arrayContaining(['Failure', 'UNDELIV', 'Undelivered']),
    );
    const fullDime = await sheet('/dataGathering/downloadDimeList', { prod_type: 0, cus_id: 'SUB001' }, admin);
    expect(fullDime[1]).toEqual(['SUB001', expect.any(String), 3, '1 (33.33%)', '1 (33.33%)', '1 (33.33%)']);
  });
});
