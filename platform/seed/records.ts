import { adoptPendingRecords } from '../carriers/carrier-dispatch';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { UPSERT_STAT_ROWS_FROM_E } from '../messaging/stats';

// Demo records, set-based: one INSERT ... SELECT over generate_series per table, so a million MT records take
// seconds, not an hour of round trips. Records come in blocks of BLOCK consecutive rows; a block is one batch (one
// account, product line and content), spread evenly over the last 90 days and inserted oldest first, so seq order
// follows receive_time. Statistics and batch counters are then computed from the inserted rows with the counting
// convention of platform/messaging/stats.ts (sent on submit; success/failure/unknown on the final report).
// Deterministic choices use hashint4 of the row or block number, so the same count seeds the same data.

const BLOCK = 100;
const SEED_LOCK = 727_003;
const HORIZON_DAYS = 90;

/** the domestic demo contents ({code} is a per-record number); bench/search-columns.bench.ts builds its rows from them too */
export const HOME = [
  '【演示企业】您的验证码为{code}，5分钟内有效，请勿泄露。',
  '【演示企业】尊敬的会员，双十一大促全场五折起，详情请访问官网。回TD退订',
  '【演示企业】您的订单已发货，快递单号SF{code}，请注意查收。',
  '【演示企业】您本月账单已出，应还金额 128.00 元，请按时还款。',
  '【演示企业】=HYPERLINK("http://example.com") 活动报名确认。',
];
const INTERNATIONAL = [
  'Your verification code is {code}. It expires in 5 minutes.',
  'Your parcel {code} is out for delivery today.',
  'Welcome to Demo Co! Reply STOP to opt out.',
];
const VIDEO_TITLES = ['新品发布会', '年终盛典', '会员专属福利'];
const CSP_TEMPLATES = ['订单通知卡片', '营销活动卡片', '账单提醒卡片'];
const FAILURES: Array<[string, string]> = [
  ['UNDELIV', '用户不在服务区'],
  ['EXPIRED', '消息过期'],
  ['MK:0001', '空号'],
  ['REJECTD', '运营商拒绝'],
  ['MI:0013', '停机'],
];
const COUNTRIES: Array<[string, string, number]> = [
  ['US', '美国', 0.35],
  ['GB', '英国', 0.32],
  ['JP', '日本', 0.45],
  ['KR', '韩国', 0.4],
  ['SG', '新加坡', 0.28],
  ['MY', '马来西亚', 0.25],
  ['TH', '泰国', 0.22],
  ['VN', '越南', 0.2],
  ['ID', '印度尼西亚', 0.21],
  ['PH', '菲律宾', 0.24],
  ['AU', '澳大利亚', 0.38],
  ['DE', '德国', 0.36],
];
const DIAL: Record<string, string> = {
  US: '1',
  GB: '44',
  JP: '81',
  KR: '82',
  SG: '65',
  MY: '60',
  TH: '66',
  VN: '84',
  ID: '62',
  PH: '63',
  AU: '61',
  DE: '49',
};
const UNIT_PRICE: Record<number, number> = { 0: 0.05, 2: 0.3, 6: 0.1 };
const REPLIES = ['好的', '收到', '谢谢', '已收到，谢谢', '1', 'TD', '退订', 'STOP'];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: Array<string | number>) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(', ')}]`;
/** 0..99 from a hash of an integer expression and a salt (distinct salts give independent choices). */
const pct = (expr: string, salt: number) => `(abs(hashint4((${expr})::int + ${salt})) % 100)`;
const pick = (xs: Array<string | number>, expr: string, salt: number) =>
  `(${arr(xs)})[1 + abs(hashint4((${expr})::int + ${salt})) % ${xs.length}]`;

export interface SeedReport {
  skipped: boolean;
  mt: number;
  mo: number;
  batches: number;
  statRows: number;
  ms: number;
  /** ms per step, for the benchmark. */
  phases?: Record<string, number>;
}

/** Seeds `count` MT records over the last 90 days plus MO replies, set-based; skipped when already seeded. */
export async function seedRecords(ctx: AppContext, count: number): Promise<SeedReport> {
  const started = Date.now();
  const none = { skipped: true, mt: 0, mo: 0, batches: 0, statRows: 0, ms: 0 };
  if (count <= 0) return none;
  return ctx.db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await q.query('select 1 from mt_records limit 1')).length > 0) return { ...none, ms: Date.now() - started };
    const granted = await q.query<{ prod_type: number; ids: string[] }>(
      `select p.prod_type, array_agg(p.cus_id order by p.cus_id) as ids
         from account_products p join accounts a on a.cus_id = p.cus_id where a.status = 1 group by p.prod_type`,
    );
    const accountsOf = (prod: number) => granted.find((g) => g.prod_type === prod)?.ids ?? [];
    if (!granted.length) {
      ctx.log.warn('no open account with a product: record seeding skipped');
      return { ...none, ms: Date.now() - started };
    }
    const now = ctx.now();
    const phases: Record<string, number> = {};
    const step = async (name: string, run: () => Promise<void>) => {
      const t0 = Date.now();
      await run();
      phases[name] = Date.now() - t0;
    };
    await step('mt', () => withIndexesRebuilt(q, 'mt_records', () => seedMt(q, count, now, accountsOf)));
    if (ctx.config.carriers.source !== 'in-process') await step('queue', () => adoptPendingRecords(q));
    await step('batches', () => seedBatches(q));
    await step('mo', () => seedMo(q));
    await step('stats', () => seedStats(q));
    await step('timed', () => seedTimed(q, now, accountsOf(0)));
    await step('numberChecks', () => seedNumberChecks(q, now, [...new Set(granted.flatMap((g) => g.ids))]));
    // fresh statistics: with the empty table's, the planner took "seq below the checkpoint" for a few rows and
    // bitmap-scanned a million to sort them (a feed page of 5,000 took a second instead of milliseconds)
    await step('analyze', () =>
      q.exec('analyze mt_records, mo_records, batches, stat_rows, time_batches, time_mt_messages, number_queries'),
    );
    const [c] = await q.query<{ mt: number; mo: number; batches: number; stat_rows: number }>(
      `select (select count(*) from mt_records)::int8 as mt, (select count(*) from mo_records)::int8 as mo,
              (select count(*) from batches)::int8 as batches, (select count(*) from stat_rows)::int8 as stat_rows`,
    );
    return {
      skipped: false,
      mt: c.mt,
      mo: c.mo,
      batches: c.batches,
      statRows: c.stat_rows,
      ms: Date.now() - started,
      phases,
    };
  });
}

/** Bulk load into an empty table: building its secondary indexes once afterwards (a sort each) is several times
 * faster than maintaining them row by row. DDL is transactional, so a failure leaves the indexes as they were. */
async function withIndexesRebuilt(q: Queryable, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = await q.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = $1
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const i of indexes) await q.exec(`drop index "${i.name}"`);
  await load();
  for (const i of indexes) await q.exec(i.def);
}

async function seedMt(q: Queryable, count: number, now: Date, accountsOf: (prod: number) => string[]): Promise<void> {
  // product line per block: 70% home, 15% international, 10% video, 5% CSP (falls back to home without a grantee)
  const lines = [0, 1, 2, 6].filter((p) => accountsOf(p).length > 0);
  const line = (p: number) => (lines.includes(p) ? p : 0);
  const span = HORIZON_DAYS * 86_400_000;
  const at = `timestamptz ${lit(now.toISOString())}`;
  const byCountry = (k: 0 | 1 | 2) =>
    pick(
      COUNTRIES.map((c) => c[k]),
      'k.b',
      19,
    );
  // block-level choices once per block; per-row work is only number, code, status and time
  await q.exec(`
    with k as (
      select b, ${pct('b', 11)} as pp from generate_series(0, ${Math.ceil(count / BLOCK) - 1}) b
    ), blk as (
      select k.b, p.prod,
             case p.prod ${lines.map((l) => `when ${l} then ${pick(accountsOf(l), 'k.b', 13)}`).join(' ')} end as cus_id,
             case p.prod when 1 then ${byCountry(2)} else (${arr([UNIT_PRICE[0], 0, UNIT_PRICE[2], 0, 0, 0, UNIT_PRICE[6]])})[p.prod + 1] end as unit,
             case p.prod when 1 then ${byCountry(0)} end as cc,
             case p.prod when 1 then ${byCountry(1)} end as cn,
             case p.prod when 1 then ${pick(
               COUNTRIES.map((c) => DIAL[c[0]]),
               'k.b',
               19,
             )} end as dial,
             case p.prod when 1 then ${pick(INTERNATIONAL, 'k.b', 37)} else ${pick(HOME, 'k.b', 37)} end as tpl,
             case p.prod when 2 then ${pick(VIDEO_TITLES, 'k.b', 17)} when 6 then ${pick(CSP_TEMPLATES, 'k.b', 17)} end as title,
             case when p.prod = 1 then 1 else 1 + ${pct('k.b', 43)} / 80 end as seg
        from k cross join lateral (select case when k.pp < 70 then 0 when k.pp < 85 then ${line(1)} when k.pp < 95 then ${line(2)} else ${line(6)} end as prod) p
    ), x as (
      select g.i, (g.i - 1) / ${BLOCK} as b, ${at} - make_interval(secs => (${span} - (g.i - 0.5) * ${span / count}) / 1000.0) as at,
             (${span} - (g.i - 0.5) * ${span / count}) < 3600000 as recent, ${pct('g.i', 7)} as p2, abs(hashint4(g.i + 3)) % ${FAILURES.length} + 1 as f
        from generate_series(1, ${count}) g(i)
    ), r as (
      select x.*, blk.prod, blk.cus_id, blk.unit, blk.cc, blk.cn, blk.dial, blk.tpl, blk.title, blk.seg,
             case when x.recent and x.p2 < 30 then 500 when x.recent and x.p2 < 40 then 100
                  when x.p2 < 92 then 0 when x.p2 < 98 then 700 else 600 end as st
        from x join blk on blk.b = x.b
    )
    insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, report_result, report_result_desc, err_desc,
                            table_name, receive_time, month, segments, price, country_code, country_name, title, receive_content, next_at)
    select 'S' || lpad(r.i::text, 10, '0'), r.prod, r.cus_id, 'SB' || lpad(r.b::text, 8, '0'),
           case when r.prod = 1 then r.dial || lpad((abs(hashint4(r.i + 23)) % 1000000000)::text, 9, '0')
                else '1' || (3 + abs(hashint4(r.i + 29)) % 7)::text || lpad((abs(hashint4(r.i + 31)) % 1000000000)::text, 9, '0') end,
           replace(r.tpl, '{code}', lpad((abs(hashint4(r.i + 41)) % 1000000)::text, 6, '0')), r.st,
           case r.st when 0 then '0' when 700 then (${arr(FAILURES.map((f) => f[0]))})[r.f] end,
           case r.st when 0 then 'DELIVRD' when 700 then (${arr(FAILURES.map((f) => f[1]))})[r.f] end,
           case r.st when 700 then (${arr(FAILURES.map((f) => f[1]))})[r.f] when 600 then '回执超时' end,
           case when r.st = 100 then 'review' else 'mt' end,
           r.at, to_char(r.at at time zone 'Asia/Shanghai', 'YYYYMM'), r.seg, round((r.seg * r.unit)::numeric, 4), r.cc, r.cn, r.title,
           case when r.prod in (2, 6) then r.tpl end,
           case when r.st in (100, 500) then ${at} + interval '5 seconds' end
      from r
     order by r.i`);
}

async function seedBatches(q: Queryable): Promise<void> {
  await q.exec(`
    insert into batches (batch_id, prod_type, batch_type, cus_id, content, create_time, receive_count, sent_count, success_count, failure_count, unknown_count, cost)
    select batch_id, min(prod_type), abs(hashint4(substr(batch_id, 3)::int + 53)) % 3,
           min(cus_id), min(content), min(receive_time), count(*), count(*) filter (where mt_status <> 100),
           count(*) filter (where mt_status = 0), count(*) filter (where mt_status = 700), count(*) filter (where mt_status = 600), sum(price)
      from mt_records group by batch_id order by min(receive_time)`);
}

async function seedMo(q: Queryable): Promise<void> {
  await q.exec(`
    insert into mo_records (sn, cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
    select 'R' || substr(m.sn, 2), m.cus_id, m.prod_type, '106' || coalesce(a.ext_number, '9000'), m.mobile,
           (${arr(REPLIES)})[1 + abs(hashint4(substr(m.sn, 2)::int + 61)) % ${REPLIES.length}], m.content,
           m.receive_time + make_interval(secs => 30 + abs(hashint4(substr(m.sn, 2)::int + 67)) % 600), m.batch_id
      from mt_records m join accounts a on a.cus_id = m.cus_id
     where m.mt_status = 0 and m.prod_type = 0 and abs(hashint4(substr(m.sn, 2)::int + 59)) % 100 < 3
     order by m.receive_time;
    insert into blacklist (ep_id, mobile, source, created_at)
    select a.ep_id, o.mobile, 'reply', min(o.deliver_time) from mo_records o join accounts a on a.cus_id = o.cus_id
     where upper(o.content) in ('TD', 'T', 'STOP', '退订') group by a.ep_id, o.mobile
    on conflict do nothing`);
}

/** day/month/year rows per (prod_type, cus_id) and country rows per day, from a day-level aggregate. */
async function seedStats(q: Queryable): Promise<void> {
  await q.exec(`
    with d as (
      select m.prod_type, m.cus_id, to_char(m.receive_time at time zone a.time_zone, 'YYYY-MM-DD') as day, m.country_code as cc,
             max(m.country_name) as cn, count(*) as s, count(*) filter (where m.mt_status = 0) as ok,
             count(*) filter (where m.mt_status = 700) as ko, count(*) filter (where m.mt_status = 600) as unk
        from mt_records m join accounts a on a.cus_id = m.cus_id
       group by 1, 2, 3, 4
    ), e as (
      select k.kind, d.prod_type, d.cus_id, substr(d.day, 1, k.len) as g,
             case when k.kind = 'country' then d.cc end as cc, case when k.kind = 'country' then d.cn end as cn, d.s, d.ok, d.ko, d.unk
        from d cross join (values ('day', 10), ('month', 7), ('year', 4), ('country', 10)) as k(kind, len)
       where k.kind <> 'country' or coalesce(d.cc, '') <> ''
    )
    ${UPSERT_STAT_ROWS_FROM_E}`);
}

/** Timed batches: two sent, two waiting in the future, one paused, one intercepted; 20 numbers each. */
async function seedTimed(q: Queryable, now: Date, homeAccounts: string[]): Promise<void> {
  if (!homeAccounts.length) return;
  const plan: Array<[number, number]> = [
    [1, -48],
    [1, -20],
    [0, 2],
    [0, 26],
    [2, 5],
    [3, 8],
  ];
  const at = lit(now.toISOString());
  await q.exec(`
    insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count, charged)
    select 'TB' || lpad(p.n::text, 6, '0'), ${pick(homeAccounts, 'p.n', 71)}, 0, 0, p.st, timestamptz ${at} + make_interval(hours => p.h),
           timestamptz ${at} - make_interval(hours => (72 - p.n)::int), '【演示企业】定时提醒：您预约的服务将于明日开始，请准时到场。', 20,
           case when p.st = 3 then 0 else 20 * ${UNIT_PRICE[0]} end
      from unnest(${arr(plan.map((p) => p[0]))}, ${arr(plan.map((p) => p[1]))}) with ordinality as p(st, h, n)
     order by p.n;
    insert into time_mt_messages (sn, time_batch, cus_id, mobile, send_status, timing_time, create_time)
    select t.time_batch || '-' || lpad(g.i::text, 3, '0'), t.time_batch, t.cus_id,
           '13' || lpad((abs(hashint4(g.i * 100 + substr(t.time_batch, 3)::int)) % 1000000000)::text, 9, '0'),
           t.send_status, t.timing_time, t.create_time
      from time_batches t cross join generate_series(1, t.batch_count) g(i)
     order by t.create_time, g.i`);
}

/** Number-status batches, porting and blacklist query logs (last 30 days), AIM materials and templates. */
async function seedNumberChecks(q: Queryable, now: Date, accounts: string[]): Promise<void> {
  const at = lit(now.toISOString());
  await q.exec(`
    insert into number_status_batches (batch_id, cus_id, batch_name, batch_count, invalid_count, real_count, dead_count, down_count, not_count,
                                       silence_count, danger_count, create_time)
    select 'NS' || lpad(g.i::text, 6, '0'), ${pick(accounts, 'g.i', 73)}, '号码检测-' || g.i, 1000, 10, 690, 100, 60, 60, 50, 30,
           timestamptz ${at} - make_interval(days => g.i * 3)
      from generate_series(1, 10) g(i);
    insert into number_queries (kind, cus_id, mobile, success, create_time)
    select case when g.i % 2 = 0 then 'porting' else 'black' end, ${pick(accounts, 'g.i', 79)},
           '1' || (3 + g.i % 7)::text || lpad((abs(hashint4(g.i + 83)) % 1000000000)::text, 9, '0'),
           abs(hashint4(g.i + 89)) % 100 < 93, timestamptz ${at} - make_interval(secs => g.i * 864)
      from generate_series(1, 3000) g(i);
    insert into aim_materials (material_id, cus_id, name, media_type, size, create_time)
    select 'AM' || lpad(g.i::text, 4, '0'), ${pick(accounts, 'g.i', 97)}, (array['产品海报', '宣传视频', '品牌音频'])[1 + g.i % 3] || g.i,
           (array['image', 'video', 'audio'])[1 + g.i % 3], 20480 * g.i, timestamptz ${at} - make_interval(days => g.i)
      from generate_series(1, 12) g(i);
    insert into aim_templates (template_id, cus_id, template_name, content, status, create_time)
    select 'AT' || lpad(g.i::text, 4, '0'), ${pick(accounts, 'g.i', 101)}, '智能短信模板' || g.i, '【演示企业】{p1}，您的专属权益已到账。',
           g.i % 2, timestamptz ${at} - make_interval(days => g.i * 2)
      from generate_series(1, 8) g(i)`);
}
