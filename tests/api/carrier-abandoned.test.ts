import { beforeAll, describe, expect, it } from 'vitest';
import { releaseAbandoned } from '../../platform/carriers/abandoned-leases';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor, waitFor } from './send.fixtures';

// A record an instance leased to send and then died with, before any answer was written, ends unknown within seconds
// and is reported, rather than waiting for the receipt deadline; it is never sent again. Records of a live instance,
// and records whose answers were written (their receipts may still come), are left to wait.

describe.each(DB_KINDS)('records a dead instance was sending on %s', (kind) => {
  const p = platformFor(kind, {
    carriers: { source: 'simulator-smsc' },
    // receipts far off: every record stays leased, waiting for one
    simulator: { reviewMs: 100, reportMs: 600_000, successRate: 1, failureRate: 0, replyRate: 0 },
  });
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
  });

  it('ends a dead instance’s partless leases unknown, keeps a live one’s and those with answers', async () => {
    const mobiles = Array.from({ length: 4 }, (_, i) => `1390022${String(i).padStart(4, '0')}`);
    const sent = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】您的验证码是 5678', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(sent.status).toBe(200);
    // submitted and answered: leased by this instance until the receipt deadline, parts pending
    const leased = await waitFor(
      () =>
        p.ctx.db.query<{ sn: string; mobile: string; leased_by: string | null; parts: number }>(
          `select m.sn, m.mobile, c.leased_by, (select count(*)::int from carrier_parts x where x.sn = m.sn) as parts
             from mt_records m join carrier_queue c on c.sn = m.sn where m.mobile = any($1) and c.leased order by m.mobile`,
          [mobiles],
        ),
      (rows) => rows.length === 4 && rows.every((r) => r.parts === 1),
    );
    const self = leased[0].leased_by;
    expect(await p.ctx.db.query('select 1 from carrier_status where instance_id = $1', [self])).not.toHaveLength(0);
    const [dead1, dead2, live, answered] = leased.map((r) => r.sn);
    // as a crash between the submits and the write of their answers leaves them: leased by an instance gone quiet,
    // no part; one leased by another instance still writing its status; one gone quiet with its answer written
    await p.ctx.db.query(
      "insert into carrier_status (instance_id, carrier, stats, updated_at) values ('alive', 'simulator', '{}', $1)",
      [p.ctx.now()],
    );
    await p.ctx.db.query('delete from carrier_parts where sn = any($1)', [[dead1, dead2, live]]);
    await p.ctx.db.query("update carrier_queue set leased_by = 'gone' where sn = any($1)", [[dead1, dead2, answered]]);
    await p.ctx.db.query("update carrier_queue set leased_by = 'alive' where sn = $1", [live]);
    // this instance's own leases are its own to finish
    expect(await releaseAbandoned(p.ctx.db, 'gone', p.ctx.now())).toBe(0);

    const ended = await waitFor(
      () =>
        p.ctx.db.query<{ sn: string; mt_status: number }>(
          'select sn, mt_status from mt_records where sn = any($1) order by sn',
          [[dead1, dead2]],
        ),
      (rows) => rows.every((r) => Number(r.mt_status) === 600),
    );
    expect(ended).toHaveLength(2);
    expect(await p.ctx.db.query('select 1 from carrier_queue where sn = any($1)', [[dead1, dead2]])).toHaveLength(0);
    const waiting = await p.ctx.db.query<{ sn: string; mt_status: number }>(
      'select sn, mt_status from mt_records where sn = any($1)',
      [[live, answered]],
    );
    expect(waiting.map((r) => Number(r.mt_status))).toEqual([500, 500]);
    expect(
      await p.ctx.db.query('select 1 from carrier_queue where leased and sn = any($1)', [[live, answered]]),
    ).toHaveLength(2);
    // never sent again: each number reached the simulator once, before the "crash"
    const parts = await p.ctx.db.query('select 1 from carrier_parts where sn = any($1)', [[dead1, dead2]]);
    expect(parts).toHaveLength(0);
  });
});
