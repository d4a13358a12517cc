import { describe, expect, it } from 'vitest';
import { atTransactionEnd } from '../../platform/db/db';
import { applyStatDeltas } from '../../platform/messaging/stats';
import { DB_KINDS, platformFor } from '../helpers/platform';

// Work left to a transaction's end runs last, in that transaction, once; a transaction that fails runs none of it;
// outside a transaction the caller is told to do it itself. The statistics use it: deltas added at several points of
// one transaction land together, and a rolled-back one adds nothing.

const statId = (day: string) => `day|0|SUB002|${day}`;

describe.each(DB_KINDS)('work at a transaction end on %s', (kind) => {
  const p = platformFor(kind);

  it('runs after the rest of the transaction and before its commit, and not at all after a failure', async () => {
    const order: string[] = [];
    await p.ctx.db.tx(async (q) => {
      expect(
        atTransactionEnd(
          q,
          async (tq) => void order.push(`end ${(await tq.query<{ n: number }>('select 1 as n'))[0].n}`),
        ),
      ).toBe(true);
      order.push('body');
    });
    expect(order).toEqual(['body', 'end 1']);
    expect(atTransactionEnd(p.ctx.db, async () => undefined)).toBe(false);

    const ran: string[] = [];
    await expect(
      p.ctx.db.tx(async (q) => {
        atTransactionEnd(q, async () => void ran.push('end'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
  });

  it('adds the statistics deltas of one transaction together at its end, and none of a rolled-back one', async () => {
    const at = new Date('2026-03-04T05:00:00Z');
    const day = '2026-03-04';
    const sent = async () =>
      Number(
        (await p.ctx.db.query<{ n: number }>('select sent_count as n from stat_rows where id = $1', [statId(day)]))[0]
          ?.n ?? 0,
      );
    const before = await sent();
    await p.ctx.db.tx(async (q) => {
      await applyStatDeltas(q, [{ prod_type: 0, cus_id: 'SUB002', receive_time: at, sent: 2 }]);
      await applyStatDeltas(q, [{ prod_type: 0, cus_id: 'SUB002', receive_time: at, sent: 3 }]);
      // not written yet: the row is touched once, at the end
      expect(
        Number(
          (await q.query<{ n: number }>('select sent_count as n from stat_rows where id = $1', [statId(day)]))[0]?.n ??
            0,
        ),
      ).toBe(before);
    });
    expect(await sent()).toBe(before + 5);
    await expect(
      p.ctx.db.tx(async (q) => {
        await applyStatDeltas(q, [{ prod_type: 0, cus_id: 'SUB002', receive_time: at, sent: 7 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await sent()).toBe(before + 5);
    // outside a transaction, at once
    await applyStatDeltas(p.ctx.db, [{ prod_type: 0, cus_id: 'SUB002', receive_time: at, sent: 1 }]);
    expect(await sent()).toBe(before + 6);
  });
});
