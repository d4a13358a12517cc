import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// The error paths of the carrier side's background work, against an SMSC the test drives by hand: a receipt the
// database cannot store is refused so the carrier sends it again (nothing half written); the sweep drops a stored
// receipt that has matched nothing for an hour and keeps a recent one; a status heartbeat the database refuses does
// not stop the next ones.

/** A trigger refusing every write of `op` on `table`, counting the refusals in a sequence. */
async function refuse(p: TestPlatform, name: string, table: string, op: string) {
  await p.ctx.db.exec(`
    create sequence ${name}_seq;
    create function ${name}() returns trigger language plpgsql as $$
      begin perform nextval('${name}_seq'); raise exception '${table} refused by the test'; end $$;
    create trigger ${name} before ${op} on ${table} for each row execute function ${name}();`);
  return {
    refused: async () => {
      const [s] = await p.ctx.db.query<{ n: string }>(
        `select case when is_called then last_value else 0 end as n from ${name}_seq`,
      );
      return Number(s.n);
    },
    lift: () => p.ctx.db.exec(`drop trigger ${name} on ${table}; drop function ${name}(); drop sequence ${name}_seq;`),
  };
}

describe.each(DB_KINDS)('carrier background work when the database fails, on %s', (kind) => {
  let p: TestPlatform;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let admin: string;
  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    p = await platformWithCarriers(kind, { carriers: [smsc.carrier('hand')], routes: [{ carriers: ['hand'] }] });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close(200);
  });

  it('refuses a receipt it cannot store with ESME_RX_T_APPN, writes nothing, and takes the same receipt sent again', async () => {
    const mobile = '13900000401';
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】回执存储失败', mobiles: mobile },
      { token: admin },
    );
    expect(r.status).toBe(200);
    const state = async () => {
      const [row] = await p.ctx.db.query<{ mt_status: number; parts: string[] | null }>(
        `select m.mt_status, (select array_agg(state order by part) from carrier_parts where sn = m.sn) as parts
           from mt_records m where m.mobile = $1`,
        [mobile],
      );
      const [stored] = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from carrier_receipts');
      return { ...row, stored: stored.n };
    };
    // the part is keyed once the submit's answer is written
    await waitFor(state, (s) => s.parts?.[0] === 'pending');
    const destination = [...smsc.ids.keys()].find((d) => d.endsWith(mobile))!;
    expect(destination).toBeTruthy();

    const fault = await refuse(p, 'test_refuse_parts', 'carrier_parts', 'update');
    try {
      expect(await smsc.receipt(destination)).toMatchObject({ ok: true, status: STATUS.RX_T_APPN });
      expect(await fault.refused()).toBeGreaterThan(0);
      expect(await state()).toEqual({ mt_status: 500, parts: ['pending'], stored: 0 });
    } finally {
      await fault.lift();
    }
    expect(await smsc.receipt(destination)).toMatchObject({ ok: true, status: STATUS.ROK });
    expect(await waitFor(state, (s) => s.mt_status !== 500)).toEqual({ mt_status: 0, parts: ['delivered'], stored: 0 });
  });

  it('drops a stored receipt that has matched nothing for an hour and keeps a recent one for its part', async () => {
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    await p.ctx.db.query(
      `insert into carrier_receipts (carrier, carrier_key, stat, err, received_at)
       values ('hand', 'never-sent-old', 'DELIVRD', null, $1), ('hand', 'not-answered-yet', 'DELIVRD', null, now())`,
      [hourAgo],
    );
    const keys = () =>
      p.ctx.db.query<{ carrier_key: string }>('select carrier_key from carrier_receipts order by carrier_key');
    expect(await waitFor(keys, (rows) => !rows.some((x) => x.carrier_key === 'never-sent-old'))).toEqual([
      { carrier_key: 'not-answered-yet' },
    ]);
    await p.ctx.db.query('delete from carrier_receipts');
  });

  it('goes on writing the carrier status after heartbeats the database refused', async () => {
    const updatedAt = async () => {
      const [row] = await p.ctx.db.query<{ at: Date; bound: number }>(
        "select updated_at as at, (stats->>'bound')::int as bound from carrier_status where carrier = 'hand'",
      );
      return row ? { at: new Date(row.at).getTime(), bound: row.bound } : null;
    };
    await waitFor(updatedAt, (s) => s !== null && s.bound === 1);
    const fault = await refuse(p, 'test_refuse_status', 'carrier_status', 'insert or update');
    let before: Awaited<ReturnType<typeof updatedAt>>;
    try {
      // once one heartbeat is refused, none written before the trigger can still land
      await waitFor(fault.refused, (n) => n >= 1);
      before = await updatedAt();
      const refused = await fault.refused();
      await waitFor(fault.refused, (n) => n >= refused + 2);
      expect((await updatedAt())!.at).toBe(before!.at);
    } finally {
      await fault.lift();
    }
    const after = await waitFor(updatedAt, (s) => s!.at > before!.at);
    expect(after!.bound).toBe(1);
    const status = await p.call('/user/getCarrierStatus', {}, { token: await tokenFor(p, 'operator') });
    expect(status.body.data.carriers).toMatchObject([{ name: 'hand', bound: 1 }]);
  });
});
