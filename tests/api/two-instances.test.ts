import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../platform/db/postgres-db';
import { buildPlatform, type Platform } from '../../platform/server';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { outcomesOf, tokenFor, waitFor } from './send.fixtures';

// Two platform instances on one PostgreSQL, both dispatching: every record reaches one final status exactly once.
describe('two instances on one PostgreSQL', () => {
  let a: TestPlatform;
  let b: Platform;
  const simulator = { reviewMs: 50, reportMs: 50, successRate: 0.6, failureRate: 0.25, replyRate: 0.1 };
  beforeAll(async () => {
    a = await startPlatform('postgres', { simulator });
    const config = a.ctx.config;
    b = await buildPlatform({ ...config, simulator }, { db: await openPostgres(config.databaseUrl!) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers each of 2,000 records once: counters and statistics equal the records', async () => {
    const admin = await tokenFor(a, 'admin');
    const mobiles = Array.from({ length: 2000 }, (_, i) => `135${String(i).padStart(8, '0')}`).join('\n');
    const r = await a.call(
      '/user/groupSend',
      { cus_id: 'SUB002', content: 'two instances', mobiles },
      { token: admin },
    );
    expect(r.body.data.validCount).toBe(2000);
    const batchId = r.body.data.batch_id;
    await waitFor(
      () =>
        a.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from mt_records where batch_id = $1 and mt_status in (0, 600, 700)',
          [batchId],
        ),
      (rows) => rows[0].n === 2000,
      60_000,
    );
    const mt = await outcomesOf(a, batchId);
    expect(mt.pending).toBe(0);
    const [batch] = await a.ctx.db.query<Record<string, number>>(
      'select receive_count, sent_count, success_count, failure_count, unknown_count from batches where batch_id = $1',
      [batchId],
    );
    expect(batch).toEqual({
      receive_count: 2000,
      sent_count: 2000,
      success_count: mt.ok,
      failure_count: mt.ko,
      unknown_count: mt.unk,
    });
    const stats = await a.ctx.db.query<{
      kind: string;
      sent_count: number;
      success_count: number;
      failure_count: number;
      unknown_count: number;
    }>(
      "select kind, sent_count, success_count, failure_count, unknown_count from stat_rows where cus_id = 'SUB002' and prod_type = 0",
    );
    expect(stats.map((s) => s.kind).sort()).toEqual(['day', 'month', 'year']);
    for (const s of stats)
      expect(s).toMatchObject({ sent_count: 2000, success_count: mt.ok, failure_count: mt.ko, unknown_count: mt.unk });
    const [mo] = await a.ctx.db.query<{ n: number; dup: number }>(
      'select count(*)::int as n, (count(*) - count(distinct mobile))::int as dup from mo_records where batch_id = $1',
      [batchId],
    );
    expect(mo.dup).toBe(0);
    expect(mo.n).toBeLessThanOrEqual(mt.ok);
  });
});
