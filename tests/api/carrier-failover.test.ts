import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorSmsc, type SimulatorSmsc } from '../../platform/carriers/simulator-smsc';
import type { Config } from '../../platform/core/config';
import { openPostgres } from '../../platform/db/postgres-db';
import { buildPlatform, type Platform } from '../../platform/server';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { outcomesOf, tokenFor, waitFor } from './send.fixtures';

// The fault test of the carrier path: 3,000 messages (thirty windows of 100) routed round robin over two carriers (simulator SMSCs on the
// wire), one of them killed in the middle of the send and brought back on its port. Every record ends in exactly one
// final state, no message reaches a carrier twice, every receipt a carrier sent finds its part, and the counters equal
// the records. On PGlite with one instance, and on PostgreSQL with two instances sharing the database.

const N = 3_000;
/** submits a bind may have outstanding, on the simulators and in the platform's carrier settings */
const WINDOW = 100;
const SIMULATOR: Config['simulator'] = {
  reviewMs: 100,
  reportMs: 200,
  successRate: 0.9,
  failureRate: 0.1,
  replyRate: 0,
};

describe.each(DB_KINDS)('two carriers, one killed mid-send and brought back, on %s', (kind) => {
  const submits = new Map<string, number>();
  const smscs: Record<'a' | 'b', SimulatorSmsc | null> = { a: null, b: null };
  const ports = { a: 0, b: 0 };
  let p: TestPlatform;
  let second: Platform | null = null;
  let killed: Promise<void> | null = null;
  let back: Promise<void> | null = null;
  /** receipts carrier a still owed when it died */
  let owed = 0;

  const startSmsc = async (name: 'a' | 'b') => {
    const smsc = simulatorSmsc({
      simulator: SIMULATOR,
      systemId: 'platform',
      password: 'pw',
      windowSize: WINDOW,
      onSubmit: (destination) => {
        submits.set(destination, (submits.get(destination) ?? 0) + 1);
        // carrier a dies a third of the way through the send and comes back on its port at two thirds
        if (submits.size === Math.round(N / 3)) {
          owed = smscs.a!.pendingReports();
          killed = smscs.a!.close().then(() => void (smscs.a = null));
        }
        if (submits.size === Math.round((2 * N) / 3)) back = (killed ?? Promise.resolve()).then(() => startSmsc('a'));
      },
    });
    ports[name] = (await smsc.server.listen(ports[name], '127.0.0.1')).port;
    smscs[name] = smsc;
  };

  beforeAll(async () => {
    await startSmsc('a');
    await startSmsc('b');
    const file = join(mkdtempSync(join(tmpdir(), 'carriers-')), 'carriers.json');
    const carrier = (name: string, port: number) => ({
      name,
      host: '127.0.0.1',
      port,
      systemId: 'platform',
      password: 'pw',
      window: WINDOW,
      rate: 5000,
      reconnectMinS: 0.2,
      reconnectMaxS: 1,
      responseTimeoutS: 5,
    });
    writeFileSync(
      file,
      JSON.stringify({
        carriers: [carrier('a', ports.a), carrier('b', ports.b)],
        routes: [{ carriers: ['a', 'b'] }],
        receiptWaitS: 15,
      }),
    );
    p = await startPlatform(kind, { carriers: { source: 'file', file }, simulator: SIMULATOR });
    if (kind === 'postgres')
      second = await buildPlatform(p.ctx.config, { db: await openPostgres(p.ctx.config.databaseUrl!) });
    await p.ctx.db.query("update accounts set balance = 1e6 where cus_id = 'EP0001'");
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await p?.close();
    await Promise.all([smscs.a?.close(), smscs.b?.close()]);
  });

  it('ends every record once, sends none twice and matches every receipt', async () => {
    const admin = await tokenFor(p, 'admin');
    const mobiles = Array.from({ length: N }, (_, i) => `137${String(i).padStart(8, '0')}`);
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】故障切换测试', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const batchId = r.body.data.batch_id as string;
    const done = () =>
      p.ctx.db.query<{ n: number }>(
        'select count(*)::int as n from mt_records where batch_id = $1 and mt_status in (0, 600, 700)',
        [batchId],
      );
    await waitFor(done, (rows) => rows[0].n === N, 240_000);
    expect(killed).not.toBeNull();
    expect(back).not.toBeNull();
    await back;

    // none went to a carrier twice, and each record reached one
    expect([...submits.values()].filter((c) => c > 1)).toEqual([]);
    // a submit written as its carrier died may never have been read there: that record ended unknown, never resent
    expect(submits.size).toBeLessThanOrEqual(N);
    const mt = await outcomesOf(p, batchId);
    expect(mt.pending).toBe(0);
    expect(mt.ok + mt.ko + mt.unk).toBe(N);
    expect(submits.size).toBeGreaterThanOrEqual(N - mt.unk);
    // unknown only for what carrier a had when it died: the receipts it still owed, and at most a window per instance
    // of submits it was sent and never answered; both carriers carried the rest
    expect(owed).toBeGreaterThan(0);
    expect(mt.unk).toBeLessThanOrEqual(owed + WINDOW * (second ? 2 : 1));
    const perCarrier = await p.ctx.db.query<{ carrier: string; n: number }>(
      'select carrier, count(*)::int as n from carrier_parts p join mt_records m on m.sn = p.sn where m.batch_id = $1 group by carrier order by carrier',
      [batchId],
    );
    expect(perCarrier.map((c) => c.carrier)).toEqual(['a', 'b']);
    expect(perCarrier.every((c) => c.n > N / 10)).toBe(true);
    // every receipt was matched: none is left waiting, and every part with a receipt ended its record that way
    await waitFor(
      () => p.ctx.db.query<{ n: number }>('select count(*)::int as n from carrier_receipts'),
      (rows) => rows[0].n === 0,
      30_000,
    );
    const [parts] = await p.ctx.db.query<Record<string, number>>(
      `select count(*) filter (where p.state = 'delivered' and m.mt_status <> 0)::int as wrong_ok,
              count(*) filter (where p.state in ('failed', 'expired') and m.mt_status <> 700)::int as wrong_ko,
              count(*) filter (where p.state = 'pending')::int as open
         from carrier_parts p join mt_records m on m.sn = p.sn where m.batch_id = $1`,
      [batchId],
    );
    expect(parts).toEqual({ wrong_ok: 0, wrong_ko: 0, open: 0 });
    const [batch] = await p.ctx.db.query<Record<string, number>>(
      'select receive_count, success_count, failure_count, unknown_count from batches where batch_id = $1',
      [batchId],
    );
    expect(batch).toEqual({ receive_count: N, success_count: mt.ok, failure_count: mt.ko, unknown_count: mt.unk });
  }, 600_000);
});
