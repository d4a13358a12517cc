import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_STATUSES } from '../../contract/endpoints/number-check.endpoints';
import { createSimulator } from '../../platform/messaging/simulator';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// The error paths of the platform's background loops: a failing round must not stop the loop, lose work or leave
// half a step behind. Faults come from a carrier that throws and from a database trigger that refuses writes, on both
// storages.

describe.each(DB_KINDS)('background loops recover from failures on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let carrierFailures = 0;
  beforeAll(async () => {
    const sim = createSimulator(FAST_SIMULATOR);
    // the carrier fails its first three reports (a provider outage), then answers normally
    const carrier = {
      ...sim,
      report: (msg: Parameters<typeof sim.report>[0]) => {
        if (carrierFailures < 3) {
          carrierFailures++;
          throw new Error('carrier down');
        }
        return sim.report(msg);
      },
    };
    p = await startPlatform(kind, { simulator: FAST_SIMULATOR }, { carrier });
    admin = await tokenFor(p, 'admin');
  }, 120_000);
  afterAll(async () => p?.close());

  it('the dispatcher retries the records of a round the carrier failed, and every record gets one final status', async () => {
    const mobiles = ['13800000001', '13800000002', '13800000003'];
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【演示】背景任务测试', mobiles: mobiles.join(',') },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const batchId = r.body.data.batch_id as string;
    const statuses = () =>
      p.ctx.db.query<{ mt_status: number }>('select mt_status from mt_records where batch_id = $1', [batchId]);
    const final = await waitFor(statuses, (rows) => rows.length === 3 && rows.every((x) => x.mt_status === 0));
    expect(final).toHaveLength(3);
    expect(carrierFailures).toBe(3);
    // the failed rounds were rolled back whole: the batch counts each record once
    const [b] = await p.ctx.db.query<{ success_count: number }>(
      'select success_count from batches where batch_id = $1',
      [batchId],
    );
    expect(Number(b.success_count)).toBe(3);
  });

  it('the number-check loop survives chunks the database refuses, and finishes the batch with each number counted once', async () => {
    // a real failure inside the chunk's transaction: the trigger refuses the first two progress updates
    // (a sequence counts the attempts: nextval survives the rollback of the refused transaction)
    await p.ctx.db.exec(`
      drop sequence if exists test_fault_seq;
      create sequence test_fault_seq;
      create or replace function test_refuse_progress() returns trigger language plpgsql as $$
      begin
        if nextval('test_fault_seq') <= 2 then
          raise exception 'injected fault';
        end if;
        return new;
      end $$;
      create trigger test_refuse_progress before update on number_status_batches for each row execute function test_refuse_progress();
    `);
    try {
      const mobiles = Array.from({ length: 2500 }, (_, i) => String(13_600_000_000 + i * 11));
      const r = await p.call('/mobileStatus/batchCheck', { mobiles, batch_name: 'faulty' }, { token: admin });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      const id = r.body.data.batch_id as string;
      const batch = () =>
        p.ctx.db.query<{ status: number; checked_count: number }>(
          'select status, checked_count from number_status_batches where batch_id = $1',
          [id],
        );
      const [done] = await waitFor(batch, (rows) => rows[0]?.status === 1, 60_000);
      expect(Number(done.checked_count)).toBe(2500);
      // the refusals happened (the test would prove nothing otherwise), and no chunk was counted twice
      const [{ n }] = await p.ctx.db.query<{ n: number }>('select last_value::int as n from test_fault_seq');
      expect(Number(n)).toBeGreaterThan(2);
      const [sums] = await p.ctx.db.query<Record<string, number>>(
        `select (invalid_count + ${NUMBER_STATUSES.map((s) => `${s}_count`).join(' + ')})::int as total from number_status_batches where batch_id = $1`,
        [id],
      );
      expect(Number(sums.total)).toBe(2500);
    } finally {
      await p.ctx.db.exec('drop trigger if exists test_refuse_progress on number_status_batches');
    }
  }, 90_000);
});
