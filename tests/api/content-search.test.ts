import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../platform/core/current-user';
import { pageSql, textKeysOf, whereOf, type Filters, type Source } from '../../platform/lists/list-query';
import { moFilters, mtFilters } from '../../platform/records/records.routes';
import { RECORD_SOURCES } from '../../platform/records/sources';
import { DB_KINDS, platformFor } from '../helpers/platform';

// Content search is index-backed so it stays fast at millions of rows: `contains` is a LIKE that pg_trgm GIN indexes
// answer, for replies on their own column, for send records on the dictionary of their distinct texts (mt_contents),
// whose keys then find the records. At a few thousand rows, analyzed, a rare Chinese phrase and an English word must
// be planned on those indexes, and the lists must answer exactly what a plain substring test over the rows answers,
// for rare terms and for terms in more texts than the dictionary's keys are used for ('验证码是', 1,500 texts).

const ROWS = 6000;
// One in ~2000 rows carries each rare term, as an order or refund notice among bulk sends would.
const CONTENTS = `case
  when i % 2000 = 7 then '【银行】您的退款到账通知：尾号' || i || '的账户已收到退款。'
  when i % 2000 = 11 then 'Your payment was refunded: order ' || i || '.'
  when i % 4 = 0 then '【演示】您的验证码是' || lpad((i * 7919 % 1000000)::text, 6, '0') || '，5分钟内有效，请勿泄露。'
  when i % 4 = 1 then '【商城】双十一大促，全场五折起，回T退订'
  when i % 4 = 2 then 'Your order ' || i || ' has shipped. Track it in the app.'
  else '【快递】您的包裹已到达驿站，取件码' || (i % 9000 + 1000) || '。' end`;

const searcher = { showContentFilterWhere: 1 } as CurrentUser;

describe.each(DB_KINDS)('content search on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;

  beforeAll(async () => {
    await p.ctx.db.exec(`
      insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
      select 'CS-' || lpad(i::text, 6, '0'), 0, case when i % 5 = 0 then 'SUB001' else 'EP0001' end, 'CSB' || (i / 100),
             '138' || lpad(i::text, 8, '0'), ${CONTENTS}, 0, now() - i * interval '1 minute', to_char(now(), 'YYYYMM')
      from generate_series(1, ${ROWS}) i;
      insert into mo_records (sn, cus_id, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
      select 'CSO-' || lpad(i::text, 6, '0'), 'EP0001', '1068001', '139' || lpad(i::text, 8, '0'), ${CONTENTS}, '原短信',
             now() - i * interval '1 minute', 'CSB' || (i / 100)
      from generate_series(1, ${ROWS}) i;`);
    // as autovacuum would: a bulk insert leaves the GIN entries in its pending list, which the planner prices high
    for (const t of ['mt_records', 'mt_contents', 'mo_records']) await p.ctx.db.exec(`vacuum analyze ${t}`);
    admin = await p.login('admin');
  });

  const plan = async (source: Source, filters: Filters<Record<string, unknown>>, body: Record<string, unknown>) => {
    const scope = ['EP0001', 'SUB001'];
    const w = whereOf(
      source,
      filters,
      body,
      searcher,
      scope,
      await textKeysOf(p.ctx.db, filters, body, searcher, scope),
    );
    const { sql, params } = pageSql(source, w, { pageNumber: 1, pageSize: 20 });
    const rows = await p.ctx.db.query<Record<string, string>>(`explain ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  };

  it.each(['退款到账', 'refunded'])(
    'plans the MT list for "%s" on the texts\' keys and the MO list on its trigram index',
    async (term) => {
      expect(await plan(RECORD_SOURCES.mtRecord, mtFilters, { prod_type: 0, decodeContent: term })).toMatch(
        /Index Scan on mt_content_key|Index Scan using mt_content_key/,
      );
      expect(await plan(RECORD_SOURCES.moRecord, moFilters, { decodeContent: term })).toMatch(
        /Bitmap Index Scan on mo_content_trgm/,
      );
    },
  );

  it.each(['退款到账', 'refunded', '大促', '验证码是', '12345', 'Track it', '%', '_', '\\', 'no such content'])(
    'answers "%s" exactly as a substring test over the rows',
    async (term) => {
      const expected = await p.ctx.db.query<{ sn: string }>(
        `select sn from mt_records where prod_type = 0 and deleted = false and strpos(content, $1) > 0 order by receive_time desc, sn desc`,
        [term],
      );
      const r = await p.call(
        '/mtRecord/list',
        { pageNumber: 1, pageSize: 20, prod_type: 0, decodeContent: term },
        { token: admin },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.data.map((d: { sn: string }) => d.sn)).toEqual(expected.slice(0, 20).map((e) => e.sn));
      if (r.body.data.totalExact) expect(r.body.data.total).toBe(expected.length);
      const mo = await p.ctx.db.query<{ sn: string }>(
        `select sn from mo_records where strpos(content, $1) > 0 order by deliver_time desc, sn desc limit 20`,
        [term],
      );
      const rm = await p.call('/moRecord/list', { pageNumber: 1, pageSize: 20, decodeContent: term }, { token: admin });
      expect(rm.status).toBe(200);
      expect(rm.body.data.data.map((d: { sn: string }) => d.sn)).toEqual(mo.map((e) => e.sn));
    },
  );

  it('finds the rare rows at all', async () => {
    const r = await p.call(
      '/mtRecord/list',
      { pageNumber: 1, pageSize: 20, prod_type: 0, decodeContent: '退款到账' },
      { token: admin },
    );
    expect(r.body.data.total).toBe(ROWS / 2000);
  });

  // the dictionary itself: what a send notes, and what a search may read
  const insert = (prefix: string, n: number, content: string, cusId = 'EP0001') =>
    p.ctx.db
      .exec(`insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
      select '${prefix}' || i, 0, '${cusId}', '${prefix}', '137' || lpad(i::text, 8, '0'), '${content}', 0, now(), to_char(now(), 'YYYYMM')
      from generate_series(1, ${n}) i`);
  const entries = async (content: string) =>
    (await p.ctx.db.query<{ n: number }>('select count(*)::int as n from mt_contents where content = $1', [content]))[0]
      .n;
  const found = async (term: string) => {
    const r = await p.call(
      '/mtRecord/list',
      { pageNumber: 1, pageSize: 100, prod_type: 0, decodeContent: term },
      { token: admin },
    );
    expect(r.status).toBe(200);
    return r.body.data.data.map((d: { sn: string }) => d.sn).sort();
  };

  it('holds a text sent to many numbers once, in one statement and in the next', async () => {
    await insert('DICT-A', 50, '【演示】词典活动：全场八折');
    await insert('DICT-B', 30, '【演示】词典活动：全场八折');
    expect(await entries('【演示】词典活动：全场八折')).toBe(1);
    expect(await found('词典活动')).toHaveLength(80);
  });

  it('finds a record whose text is rewritten by its new text only', async () => {
    await insert('DICT-C', 1, 'dictionary before rewrite');
    await p.ctx.db.exec(`update mt_records set content = 'dictionary after rewrite' where sn = 'DICT-C1'`);
    expect(await found('after rewrite')).toEqual(['DICT-C1']);
    expect(await found('before rewrite')).toEqual([]);
  });

  it('answers no record whose key a different text shares', async () => {
    await insert('DICT-D', 1, 'dictionary collision target');
    // a second text under the same key, as a 64-bit collision would leave it
    await p.ctx.db.exec(`insert into mt_contents (cus_id, key, content)
      select cus_id, content_key, 'dictionary impostor text' from mt_records where sn = 'DICT-D1'`);
    expect(await found('impostor')).toEqual([]);
    expect(await found('collision target')).toEqual(['DICT-D1']);
  });

  it('looks only at the texts of the accounts the caller may see', async () => {
    await insert('DICT-E', 3, 'dictionary text of another enterprise', 'EP0002');
    const body = { decodeContent: 'another enterprise' };
    const keysFor = (scope: string[]) => textKeysOf(p.ctx.db, mtFilters, body, searcher, scope);
    expect((await keysFor(['EP0001', 'SUB001'])).get('decodeContent')).toEqual([]);
    expect((await keysFor(['EP0002'])).get('decodeContent')).toHaveLength(1);
  });
});
