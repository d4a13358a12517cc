import { beforeAll, describe, expect, it } from 'vitest';
import { seedRecords, type SeedReport } from '../../platform/seed/records';
import { DB_KINDS, platformFor } from '../helpers/platform';

// Record seeding: set-based, idempotent, with statistics and batch counters that agree with the inserted rows.
describe.each(DB_KINDS)('record seeding on %s', (kind) => {
  const p = platformFor(kind);
  let report: SeedReport;
  const COUNT = 10_000;
  const one = async <T>(sql: string, params: unknown[] = []) => (await p.ctx.db.query<T>(sql, params))[0];

  beforeAll(async () => {
    report = await seedRecords(p.ctx, COUNT);
  });

  it('inserts the requested count once and does nothing the second time', async () => {
    expect(report).toMatchObject({ skipped: false, mt: COUNT, batches: COUNT / 100 });
    const again = await seedRecords(p.ctx, COUNT);
    expect(again.skipped).toBe(true);
    expect((await one<{ n: number }>('select count(*)::int8 as n from mt_records')).n).toBe(COUNT);
  });

  it('spreads records over 90 days and the product lines, oldest first in seq order', async () => {
    const shares = await p.ctx.db.query<{ prod_type: number; n: number }>(
      'select prod_type, count(*)::int8 as n from mt_records group by 1 order by 1',
    );
    const share = (pt: number) => (shares.find((s) => s.prod_type === pt)?.n ?? 0) / COUNT;
    expect(share(0)).toBeGreaterThan(0.55);
    expect(share(0)).toBeLessThan(0.85);
    for (const pt of [1, 2, 6]) expect(share(pt)).toBeGreaterThan(0);
    const span = await one<{ days: number }>(
      'select extract(epoch from max(receive_time) - min(receive_time)) / 86400 as days from mt_records',
    );
    expect(Number(span.days)).toBeGreaterThan(89);
    expect(Number(span.days)).toBeLessThanOrEqual(90);
    // rows the carrier simulator has not touched yet keep the insert order: seq follows receive_time
    const outOfOrder = await one<{ n: number }>(
      `select count(*)::int8 as n from (
         select receive_time, lag(receive_time) over (order by seq) as prev from mt_records
          where updated_at = (select min(updated_at) from mt_records)) t
        where receive_time < prev`,
    );
    expect(outOfOrder.n).toBe(0);
    const statuses = await one<{ ok: number; ko: number; coded: number; intl_priced: number; titled: number }>(
      `select count(*) filter (where mt_status = 0)::int8 as ok, count(*) filter (where mt_status = 700)::int8 as ko,
              count(*) filter (where mt_status = 700 and report_result is not null and report_result_desc is not null)::int8 as coded,
              count(*) filter (where prod_type = 1 and (country_code is null or price <= 0))::int8 as intl_priced,
              count(*) filter (where prod_type in (2, 6) and title is null)::int8 as titled
         from mt_records`,
    );
    expect(statuses.ok / COUNT).toBeGreaterThan(0.85);
    expect(statuses.ko).toBeGreaterThan(0);
    expect(statuses.coded).toBe(statuses.ko);
    expect(statuses.intl_priced).toBe(0);
    expect(statuses.titled).toBe(0);
  });

  it('computes statistics and batch counters that agree with the records', async () => {
    const s = await one<Record<string, number>>(
      `select (select count(*) from mt_records)::int8 as records,
              (select count(*) filter (where mt_status = 0) from mt_records)::int8 as ok,
              (select count(*) filter (where prod_type = 1) from mt_records)::int8 as intl,
              (select sum(sent_count) from stat_rows where kind = 'day')::int8 as day_sent,
              (select sum(sent_count) from stat_rows where kind = 'month')::int8 as month_sent,
              (select sum(sent_count) from stat_rows where kind = 'year')::int8 as year_sent,
              (select sum(success_count) from stat_rows where kind = 'day')::int8 as day_ok,
              (select sum(sent_count) from stat_rows where kind = 'country')::int8 as country_sent,
              (select sum(receive_count) from batches)::int8 as received`,
    );
    expect(s.day_sent).toBe(s.records);
    expect(s.month_sent).toBe(s.records);
    expect(s.year_sent).toBe(s.records);
    expect(s.day_ok).toBe(s.ok);
    expect(s.country_sent).toBe(s.intl);
    expect(s.received).toBe(s.records);
    const wrongBatches = await one<{ n: number }>(
      `select count(*)::int8 as n from batches b
        where b.receive_count <> (select count(*) from mt_records m where m.batch_id = b.batch_id)
           or b.success_count > b.receive_count`,
    );
    expect(wrongBatches.n).toBe(0);
    const id = await one<{ id: string; expected: string }>(
      `select id, kind || '|' || prod_type || '|' || cus_id || '|' || gathering_time as expected from stat_rows where kind = 'day' limit 1`,
    );
    expect(id.id).toBe(id.expected);
    expect(id.id).toMatch(/^day\|\d\|\w+\|\d{4}-\d{2}-\d{2}$/);
  });

  it('adds replies, blacklist entries, timed batches and number-check data', async () => {
    const c = await one<Record<string, number>>(
      `select (select count(*) from mo_records)::int8 as mo,
              (select count(*) from mt_records where prod_type = 0 and mt_status = 0)::int8 as home_ok,
              (select count(distinct mobile) from mo_records where upper(content) in ('TD', 'T', 'STOP', '退订'))::int8 as unsubscribed,
              (select count(*) from blacklist)::int8 as blacklisted,
              (select count(*) from time_batches)::int8 as timed,
              (select count(*) from time_batches where send_status = 2)::int8 as paused,
              (select count(*) from time_batches where send_status = 0 and timing_time > now())::int8 as pending,
              (select count(*) from time_mt_messages)::int8 as timed_numbers,
              (select count(*) from number_status_batches)::int8 as checks,
              (select count(*) from number_queries)::int8 as queries,
              (select count(*) from mo_records o where not exists (select 1 from mt_records m where m.batch_id = o.batch_id))::int8 as orphans`,
    );
    expect(c.mo / c.home_ok).toBeGreaterThan(0.01);
    expect(c.mo / c.home_ok).toBeLessThan(0.06);
    expect(c.blacklisted).toBeGreaterThanOrEqual(c.unsubscribed);
    expect(c.unsubscribed).toBeGreaterThan(0);
    expect(c).toMatchObject({ timed: 6, paused: 1, pending: 2, timed_numbers: 120, orphans: 0 });
    expect(c.checks).toBeGreaterThan(0);
    expect(c.queries).toBeGreaterThan(0);
  });
});
