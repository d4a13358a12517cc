import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPPED_RECEIPTS, UNMATCHED_CAP } from '../../platform/carriers/carrier-receipts';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// How receipts find their parts when carriers misbehave: a carrier that answers every submit with the same id has
// each receipt finish one message (the newest still waiting), not all of them; a part's first final state stands
// against a contradicting receipt in the same group; stored receipts for unknown ids are capped per carrier (oldest
// dropped, counted) and retried with a growing pause.

describe.each(DB_KINDS)('carrier receipts and their ids, on %s', (kind) => {
  let p: TestPlatform;
  let reuse: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let fresh: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let admin: string;
  beforeAll(async () => {
    reuse = await handDrivenSmsc({ messageId: () => 'ABC' });
    fresh = await handDrivenSmsc();
    p = await platformWithCarriers(kind, {
      carriers: [reuse.carrier('reuse'), fresh.carrier('fresh')],
      routes: [
        { prefix: '8613960', carriers: ['reuse'] },
        { prefix: '8613961', carriers: ['fresh'] },
      ],
    });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await reuse?.server.close(200);
    await fresh?.server.close(200);
  });

  const states = (mobiles: string[]) =>
    p.ctx.db.query<{ mobile: string; mt_status: number; parts: string[] | null }>(
      `select m.mobile, m.mt_status, (select array_agg(state order by part) from carrier_parts c where c.sn = m.sn) as parts
         from mt_records m where m.mobile = any($1) order by m.sn`,
      [mobiles],
    );
  const send = async (mobiles: string[]) => {
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】回执编号', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(r.status).toBe(200);
    return waitFor(
      () => states(mobiles),
      (rs) => rs.length === mobiles.length && rs.every((x) => x.parts?.[0] === 'pending'),
    );
  };

  it('applies a receipt for a reused id to the newest message still waiting under it, one at a time', async () => {
    const mobiles = Array.from({ length: 5 }, (_, i) => `1396000000${i}`);
    const sent = await send(mobiles);
    expect(sent).toHaveLength(5);
    // every message has the id ABC; the newest one waiting under it is the last record (order by sn)
    expect(await reuse.receipt(`86${mobiles[0]}`, 'UNDELIV')).toMatchObject({ ok: true, status: 0 });
    const after = await waitFor(
      () => states(mobiles),
      (rs) => rs.some((x) => x.mt_status !== 500),
    );
    expect(after.map((x) => x.mt_status)).toEqual([500, 500, 500, 500, 700]);
    expect(await reuse.receipt(`86${mobiles[0]}`, 'DELIVRD')).toMatchObject({ ok: true, status: 0 });
    const next = await waitFor(
      () => states(mobiles),
      (rs) => rs.filter((x) => x.mt_status !== 500).length === 2,
    );
    expect(next.map((x) => x.mt_status)).toEqual([500, 500, 500, 0, 700]);
  });

  it('keeps the first final state of a part when a contradicting receipt comes with it', async () => {
    const mobile = '13961000001';
    await send([mobile]);
    const answers = await Promise.all([
      fresh.receipt(`86${mobile}`, 'DELIVRD'),
      fresh.receipt(`86${mobile}`, 'UNDELIV'),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    const [row] = await waitFor(
      () => states([mobile]),
      (rs) => rs[0].mt_status !== 500,
    );
    expect(row).toMatchObject({ mt_status: 0, parts: ['delivered'] });
    // nothing of the second is left waiting to be applied later
    const [stored] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from carrier_receipts where carrier = 'fresh'",
    );
    expect(stored.n).toBe(0);
  });

  it('caps stored unmatched receipts per carrier, dropping the oldest and counting them', async () => {
    const extra = 30;
    await p.ctx.db.query(
      `insert into carrier_receipts (carrier, carrier_key, stat, err, received_at)
       select 'fresh', 'unknown-' || lpad(g::text, 6, '0'), 'DELIVRD', null, now() from generate_series(1, $1::int) g`,
      [UNMATCHED_CAP + extra],
    );
    const left = await waitFor(
      async () =>
        (
          await p.ctx.db.query<{ n: number; first: string }>(
            "select count(*)::int as n, min(carrier_key) as first from carrier_receipts where carrier = 'fresh'",
          )
        )[0],
      (s) => s.n <= UNMATCHED_CAP,
    );
    expect(left).toEqual({ n: UNMATCHED_CAP, first: `unknown-${String(extra + 1).padStart(6, '0')}` });
    // counted on the carrier's status, as the console shows it
    const operator = await tokenFor(p, 'operator');
    const status = await waitFor(
      async () =>
        (await p.call('/user/getCarrierStatus', {}, { token: operator })).body.data.carriers as Array<{
          name: string;
          errors: Array<{ code: string; count: number }>;
        }>,
      (cs) => cs.some((c) => c.name === 'fresh' && c.errors.some((e) => e.code === DROPPED_RECEIPTS)),
    );
    expect(status.find((c) => c.name === 'fresh')!.errors).toContainEqual({ code: DROPPED_RECEIPTS, count: extra });
    await p.ctx.db.query('delete from carrier_receipts');
  });

  it('tries a stored receipt that matches nothing again after a growing pause, at most 30 s', async () => {
    await p.ctx.db.query(
      `insert into carrier_receipts (carrier, carrier_key, stat, err, received_at, tries, next_try_at)
       values ('fresh', 'never-given', 'DELIVRD', null, now(), 3, now()), ('fresh', 'never-given-either', 'DELIVRD', null, now(), 8, now())`,
    );
    const waits = await waitFor(
      () =>
        p.ctx.db.query<{ carrier_key: string; tries: number; wait_s: number }>(
          "select carrier_key, tries, extract(epoch from next_try_at - now())::float8 as wait_s from carrier_receipts where carrier_key like 'never-given%' order by carrier_key",
        ),
      (rows) => rows.length === 2 && rows[0].tries === 4 && rows[1].tries === 9,
    );
    // 1 s doubled three times: about 8 s; doubled eight times it would be 256 s, and the cap holds it at 30
    expect(waits[0].wait_s).toBeGreaterThan(5);
    expect(waits[0].wait_s).toBeLessThanOrEqual(8);
    expect(waits[1].wait_s).toBeGreaterThan(20);
    expect(waits[1].wait_s).toBeLessThanOrEqual(30);
    await p.ctx.db.query('delete from carrier_receipts');
  });
});
