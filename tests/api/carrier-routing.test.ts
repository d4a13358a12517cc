import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// Routing against real binds: which carrier's SMSC receives each message, by the longest destination prefix, by the
// destination's country, by product line and by the sender (the platform's code and the account's extension).

type Smsc = Awaited<ReturnType<typeof handDrivenSmsc>>;

describe.each(DB_KINDS)('routes by prefix, country, product line and sender on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  const smscs: Record<string, Smsc> = {};
  beforeAll(async () => {
    for (const name of ['cn', 'cn139', 'us', 'world']) smscs[name] = await handDrivenSmsc();
    p = await platformWithCarriers(kind, {
      carriers: Object.entries(smscs).map(([name, s]) => s.carrier(name)),
      routes: [
        { prefix: '86', carriers: ['cn'] },
        { prefix: '86139', carriers: ['cn139'] },
        // EP0001's extension is 8001: its messages to 137 numbers take the US carrier, anyone else's the default
        { prefix: '86137', senders: ['1069008001'], carriers: ['us'] },
        { country: 'US', carriers: ['us'] },
        { prodTypes: [1], carriers: ['world'] },
      ],
    });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await Promise.all(Object.values(smscs).map((s) => s.server.close(200)));
  });

  it('hands each message to the carrier its best route names', async () => {
    const domestic = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】路由', mobiles: '13800000501\n13900000501\n13700000501' },
      { token: admin },
    );
    expect(domestic.status).toBe(200);
    const sub = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: '【云信】路由', mobiles: '13700000502' },
      { token: admin },
    );
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const inte = await p.call(
      '/user/inteGroupSend',
      { cus_id: 'EP0001', content: 'Route test', mobiles: '+14155552671\n+447400123456' },
      { token: admin },
    );
    expect(inte.status, JSON.stringify(inte.body)).toBe(200);

    const received = () =>
      Object.fromEntries(Object.entries(smscs).map(([name, s]) => [name, [...s.ids.keys()].sort()]));
    expect(
      await waitFor(
        async () => received(),
        (r) => Object.values(r).flat().length === 6,
      ),
    ).toEqual({
      cn: ['8613700000502', '8613800000501'],
      cn139: ['8613900000501'],
      us: ['14155552671', '8613700000501'],
      world: ['447400123456'],
    });
    // each is waiting for its receipt from the carrier that took it
    const parts = await waitFor(
      () =>
        p.ctx.db.query<{ mobile: string; carrier: string; state: string }>(
          `select m.mobile, p.carrier, p.state from carrier_parts p join mt_records m on m.sn = p.sn
            where m.batch_id = any($1) order by m.mobile`,
          [[domestic.body.data.batch_id, sub.body.data.batch_id, inte.body.data.batch_id]],
        ),
      (rows) => rows.length === 6,
    );
    expect(parts.map((x) => [x.mobile, x.carrier, x.state])).toEqual([
      ['+14155552671', 'us', 'pending'],
      ['+447400123456', 'world', 'pending'],
      ['13700000501', 'us', 'pending'],
      ['13700000502', 'cn', 'pending'],
      ['13800000501', 'cn', 'pending'],
      ['13900000501', 'cn139', 'pending'],
    ]);
  });
});
