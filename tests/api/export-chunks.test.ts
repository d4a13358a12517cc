import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../platform/db/db';
import { EXPORT_CHUNK_ROWS } from '../../platform/lists/list-query';
import { exportEvents, type ExportEnd } from '../../platform/lists/xlsx-export';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor } from './send.fixtures';

// Downloads walk their rows in keyset chunks, one short query each: every row comes exactly once and in order across
// chunk boundaries (ties in the time included, at microsecond precision), and a client that leaves stops the walk.
describe.each(DB_KINDS)('chunked exports on %s', (kind) => {
  const p = platformFor(kind, { dataDir: null });
  let admin: string;
  let user: string;
  let agent: string;
  beforeAll(async () => {
    [admin, user, agent] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user'), tokenFor(p, 'agent')]);
  });

  const addGroup = async (groupName: string, token: string) =>
    (await p.call('/addressBook/addressBookGroupAdd', { groupName }, { token })).body.data.groupId as string;
  const insertMembers = (groupId: string, cusId: string, prefix: string, count: number, time: string) =>
    p.ctx.db.query(
      `insert into address_members(id, cus_id, group_id, name, mobile, create_time)
       select $3 || lpad(g::text, 6, '0'), $2, $1, 'n' || g, $5 || lpad(g::text, 6, '0'), $4::timestamptz from generate_series(1, $6::int) g`,
      [groupId, cusId, `AM${prefix}`, time, `19${prefix}`, count],
    );
  const download = (path: string, body: object, token: string, signal?: AbortSignal) =>
    fetch(p.base + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal,
    });
  async function sheetRows(res: Response): Promise<unknown[][]> {
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows.slice(1);
  }

  /** Wraps the platform's queries: counts the export's chunk queries and lets a test hold the first one that goes on
   * from an earlier chunk (the rows before it are written by then) until `until` resolves. */
  function watchChunks(hold?: { until: Promise<void>; entered: () => void }) {
    const db = p.ctx.db as Queryable & { query: Queryable['query'] };
    const original = db.query;
    const seen = { chunks: 0, held: 0 };
    db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes(' as __k')) {
        seen.chunks++;
        if (hold && !seen.held && sql.includes(') < (')) {
          seen.held = seen.chunks;
          hold.entered();
          await hold.until;
        }
      }
      return original(sql, params);
    }) as Queryable['query'];
    return { seen, restore: () => void (db.query = original) };
  }

  it('returns every member exactly once, newest first then by id, across chunks, accounts and tied times', async () => {
    const own = await addGroup('分块导出', admin);
    const sub = await addGroup('分块导出子账号', user);
    // one microsecond-precise time shared by most rows, so chunk boundaries fall inside a tie
    const tie = '2025-03-01 08:00:00.123456+00';
    await insertMembers(own, 'EP0001', '71', EXPORT_CHUNK_ROWS + 700, tie);
    await insertMembers(sub, 'SUB001', '72', EXPORT_CHUNK_ROWS, tie);
    await insertMembers(sub, 'SUB001', '73', 300, '2025-03-01 08:00:00.123457+00');
    const expected = await p.ctx.db.query<{ id: string; mobile: string }>(
      `select id, mobile from address_members where mobile like '197%' order by create_time desc, id desc`,
    );
    expect(expected).toHaveLength(2 * EXPORT_CHUNK_ROWS + 1000);
    const watch = watchChunks();
    try {
      const rows = await sheetRows(await download('/addressBook/download', { mobile: '197' }, admin));
      expect(rows.map((r) => r[1])).toEqual(expected.map((m) => m.mobile));
      // each account's rows came in several chunks
      expect(watch.seen.chunks).toBeGreaterThanOrEqual(4);
    } finally {
      watch.restore();
    }
  });

  it('returns every record exactly once across chunks when submit times tie', async () => {
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
       select 'CK' || lpad(g::text, 6, '0'), 1, 'SUB002', 'TB-CK', '1771' || lpad(g::text, 7, '0'), 'c' || g, 0,
              '2025-02-01 00:00:00.000001+00'::timestamptz + make_interval(secs => g / 1000), '202502'
         from generate_series(1, $1::int) g`,
      [2 * EXPORT_CHUNK_ROWS + 11],
    );
    const expected = await p.ctx.db.query<{ sn: string }>(
      `select sn from mt_records where batch_id = 'TB-CK' order by receive_time desc, sn desc`,
    );
    const rows = await sheetRows(
      await download('/mtRecord/download', { prod_type: 1, cus_id: 'SUB002', batch_id: 'TB-CK' }, admin),
    );
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.sn));
  });

  it('stops reading when the client leaves, and answers another tenant while a large export runs', async () => {
    const g = await addGroup('中途离开', admin);
    await insertMembers(g, 'EP0001', '74', 6 * EXPORT_CHUNK_ROWS, '2025-03-02 08:00:00+00');
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((r) => (entered = r));
    const watch = watchChunks({ until: new Promise<void>((r) => (release = r)), entered });
    try {
      const ended = once(exportEvents, 'end') as Promise<[ExportEnd]>;
      const left = once(exportEvents, 'left');
      const client = new AbortController();
      const res = await download('/addressBook/download', { groupId: g }, admin, client.signal);
      expect(res.status).toBe(200);
      await held;
      // the export is under way (its next chunk waits): another tenant's list is answered meanwhile
      const other = await p.call('/addressBook/groupList', { pageNumber: 1, pageSize: 20 }, { token: agent });
      expect(other.status).toBe(200);
      client.abort();
      await left;
      release();
      const [end] = await ended;
      expect(end).toMatchObject({ name: 'address-book', left: true });
      expect(end.rows).toBeLessThan(6 * EXPORT_CHUNK_ROWS);
      // the walk ended with the chunk that was under way: no query after it
      expect(watch.seen.chunks).toBe(watch.seen.held);
    } finally {
      release?.();
      watch.restore();
    }
  });

  it('cuts the download short when a chunk fails mid-way, and reports the failure', async () => {
    const g = await addGroup('中途失败', admin);
    await insertMembers(g, 'EP0001', '75', 2 * EXPORT_CHUNK_ROWS + 5, '2025-03-03 08:00:00+00');
    const db = p.ctx.db as Queryable & { query: Queryable['query'] };
    const original = db.query;
    let chunks = 0;
    db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes(' as __k') && sql.includes(') < (') && ++chunks === 1)
        return original('select broken from nowhere');
      return original(sql, params);
    }) as Queryable['query'];
    try {
      const ended = once(exportEvents, 'end') as Promise<[ExportEnd]>;
      const res = await download('/addressBook/download', { groupId: g }, admin);
      expect(res.status).toBe(200);
      // the headers were sent: the transfer is aborted rather than ended as a well-formed but truncated file
      await expect(res.arrayBuffer()).rejects.toThrow();
      const [end] = await ended;
      expect(end.error).toBeDefined();
      expect(end.rows).toBe(EXPORT_CHUNK_ROWS);
    } finally {
      db.query = original;
    }
  });
});
