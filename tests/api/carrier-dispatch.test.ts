import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor, waitFor } from './send.fixtures';

// The default set-up end to end: the platform binds to the simulator SMSC it started on loopback, submits every
// record over SMPP, and the receipts coming back finish the records; the simulator's rates keep their meaning.

describe.each(DB_KINDS)('messages through the simulator SMSC on %s', (kind) => {
  const p = platformFor(kind, {
    carriers: { source: 'simulator-smsc' },
    simulator: { reviewMs: 100, reportMs: 100, successRate: 0.6, failureRate: 0.4, replyRate: 0 },
  });
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
  });

  it('submits each record, keys its part by the carrier id, and finishes it from the receipt', async () => {
    const mobiles = Array.from({ length: 40 }, (_, i) => `1390011${String(i).padStart(4, '0')}`);
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】您的验证码是 1234', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const rows = await waitFor(
      () =>
        p.ctx.db.query<{ mt_status: number; report_result: string | null }>(
          'select mt_status, report_result from mt_records where mobile = any($1)',
          [mobiles],
        ),
      (rs) => rs.length === 40 && rs.every((x) => x.mt_status === 0 || x.mt_status === 700),
    );
    const delivered = rows.filter((x) => x.mt_status === 0).length;
    expect(delivered).toBeGreaterThan(0);
    expect(delivered).toBeLessThan(40);
    for (const x of rows) if (x.mt_status === 700) expect(['UNDELIV', 'REJECTD', 'EXPIRED']).toContain(x.report_result);
    const parts = await p.ctx.db.query<{ carrier: string; carrier_key: string; state: string }>(
      'select p.carrier, p.carrier_key, p.state from carrier_parts p join mt_records m on m.sn = p.sn where m.mobile = any($1)',
      [mobiles],
    );
    expect(parts).toHaveLength(40);
    expect(new Set(parts.map((x) => x.carrier_key)).size).toBe(40);
    expect(parts.every((x) => x.carrier === 'simulator' && ['delivered', 'failed', 'expired'].includes(x.state))).toBe(
      true,
    );
    const [batch] = await p.ctx.db.query<{ success: number; failure: number }>(
      'select success_count as success, failure_count as failure from batches b where exists (select 1 from mt_records m where m.batch_id = b.batch_id and m.mobile = $1)',
      [mobiles[0]],
    );
    expect(Number(batch.success) + Number(batch.failure)).toBe(40);
  });
});
