import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// A stored record too long for SMPP (more than 255 parts, or more than message_payload holds) among healthy ones, in
// the same dispatcher round and claimed first: it fails alone as TOOLONG, nothing of it reaches the carrier, and every
// healthy message goes out with its answer written. Once per long-message form, each on a carrier of its own.

const FORMS = [
  { form: 'sar', prefix: '13970' },
  { form: 'udh', prefix: '13971' },
  { form: 'payload', prefix: '13972' },
] as const;
const PAYLOAD_PREFIX_2 = '13973';
const HEALTHY = 12;
// GSM-7 octets: 458 parts of 153, or 70,000 octets of payload (65,535 at most)
const LONG_TEXT = `【云信】${'x'.repeat(70_000)}`;

describe.each(DB_KINDS)('an over-long record among healthy ones, on %s', (kind) => {
  let p: TestPlatform;
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let admin: string;
  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    p = await platformWithCarriers(kind, {
      carriers: FORMS.map((f) => ({ ...smsc.carrier(f.form), longMessages: f.form })),
      routes: [
        ...FORMS.map((f) => ({ prefix: `86${f.prefix}`, carriers: [f.form] })),
        { prefix: `86${PAYLOAD_PREFIX_2}`, carriers: ['payload'] },
      ],
    });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close(200);
  });

  /** Seeds a round of HEALTHY records and one bad one (`bad` its number and text), the bad one due first; answers
   * the records once each has ended or gone out. */
  async function seedRound(prefix: string, bad: (mobile: string) => { mobile: string; text: string }) {
    // a template record through the send path, for an account, batch and prices that exist
    const template = `${prefix}000000`;
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】模板', mobiles: template },
      { token: admin },
    );
    expect(r.status).toBe(200);
    await waitFor(
      () =>
        p.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from carrier_parts p join mt_records m on m.sn = p.sn where m.mobile = $1',
          [template],
        ),
      (rows) => rows[0].n === 1,
    );
    const mobiles = Array.from({ length: HEALTHY + 1 }, (_, i) => `${prefix}1${String(i).padStart(5, '0')}`);
    mobiles[0] = bad(mobiles[0]).mobile;
    const longMobile = mobiles[0];
    // stored as a seed or an older version would have: the long one due first, all in one round
    await p.ctx.db.tx(async (q) => {
      for (const [i, mobile] of mobiles.entries()) {
        await q.query(
          `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month, segments, price, next_at)
           select $1, prod_type, cus_id, batch_id, $2, $3, 500, now(), month, segments, price, now() from mt_records where mobile = $4`,
          [`long-test-${prefix}-${i}`, mobile, i === 0 ? bad(mobile).text : `【云信】健康消息 ${i}`, template],
        );
        await q.query('insert into carrier_queue (sn, due_at) values ($1, $2)', [
          `long-test-${prefix}-${i}`,
          new Date(Date.now() - 60_000 + i),
        ]);
      }
    });
    const rows = await waitFor(
      () =>
        p.ctx.db.query<{ mobile: string; mt_status: number; report_result: string | null; parts: string[] | null }>(
          `select m.mobile, m.mt_status, m.report_result, (select array_agg(state order by part) from carrier_parts c where c.sn = m.sn) as parts
             from mt_records m where m.mobile = any($1) order by m.mobile`,
          [mobiles],
        ),
      (rs) => rs.every((x) => (x.mobile === longMobile ? x.mt_status === 700 : x.parts?.[0] === 'pending')),
    );
    return { rows, mobiles, longMobile };
  }

  const expectAlone = (rows: Array<{ mobile: string }>, mobiles: string[], longMobile: string, code: string) => {
    expect(rows.find((x) => x.mobile === longMobile)).toMatchObject({ mt_status: 700, report_result: code });
    for (const x of rows.filter((x) => x.mobile !== longMobile))
      expect(x).toMatchObject({ mt_status: 500, parts: ['pending'] });
    // every healthy message reached the SMSC; no part of the bad one did
    for (const mobile of mobiles.slice(1)) expect(smsc.ids.has(`86${mobile}`)).toBe(true);
    expect(smsc.ids.has(`86${longMobile}`)).toBe(false);
  };

  it.each(FORMS)('fails the long one alone and sends every healthy one ($form)', async ({ prefix }) => {
    const { rows, mobiles, longMobile } = await seedRound(prefix, (mobile) => ({ mobile, text: LONG_TEXT }));
    expectAlone(rows, mobiles, longMobile, 'TOOLONG');
    const [queued] = await p.ctx.db.query<{ n: number }>('select count(*)::int as n from carrier_queue where sn = $1', [
      `long-test-${prefix}-0`,
    ]);
    expect(queued.n).toBe(0);
  });

  it('writes the answers of a round in which one submit could not be encoded on the wire', async () => {
    // a number too long for destination_addr (20 characters) fails only when its PDU is built, after the round left
    const { rows, mobiles, longMobile } = await seedRound(PAYLOAD_PREFIX_2, () => ({
      mobile: `13973${'9'.repeat(20)}`,
      text: '【云信】号码过长',
    }));
    expectAlone(rows, mobiles, longMobile, 'ENCODE');
  });
});
