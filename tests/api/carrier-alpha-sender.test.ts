import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { platformWithCarriers } from './hand-smsc.fixtures';
import { startNetSmppCarrier, type NetSmppCarrier } from './net-smpp-carrier.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// Alphanumeric sender ids against a carrier SMSC we did not write (Net::SMPP, tests/smpp/net-smpp-carrier.pl): the
// operator lets a route send them (bounded, saved and audited like any route change); an international message whose
// send named a sender id then reaches the SMSC from that id as ton 5, npi 0 on that route, and from the platform's code
// and extension with the carrier's ton everywhere else; the phone's reply to it, addressed to the id and so naming no
// extension, reaches the account that sent it even after another account messaged the number since.

describe.each(DB_KINDS)('alphanumeric sender ids through a Net::SMPP carrier on %s', (kind) => {
  let smsc: NetSmppCarrier;
  let p: TestPlatform;
  let admin: string;
  let agent: string;
  let operator: string;
  beforeAll(async () => {
    smsc = await startNetSmppCarrier();
    // the carrier's own source type (2 national, 1 ISDN) tells its numeric sends apart from the alphanumeric ones
    const carrier = {
      name: 'perl',
      host: '127.0.0.1',
      port: smsc.port,
      systemId: 'platform',
      password: 'secret',
      sourceTon: 2,
      sourceNpi: 1,
    };
    const routes = [
      { country: 'GB', prodTypes: [1], carriers: ['perl'] },
      { country: 'US', prodTypes: [1], carriers: ['perl'] },
    ];
    p = await platformWithCarriers(kind, {
      carriers: [{ ...carrier, receiptIds: 'hex-to-decimal', reconnectMinS: 0.2, responseTimeoutS: 3 }],
      routes,
      receiptWaitS: 600,
    });
    [admin, agent, operator] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'agent'), tokenFor(p, 'operator')]);
  });
  afterAll(async () => {
    await p?.close();
    smsc?.stop();
  });

  const send = async (token: string, cusId: string, mobiles: string[], senderId: string) => {
    const r = await p.call(
      '/user/inteGroupSend',
      {
        cus_id: cusId,
        content: `A message from ${senderId || cusId}`,
        mobiles: mobiles.join('\n'),
        sender_id: senderId,
      },
      { token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.batch_id as string;
  };
  const settled = (mobiles: string[]) =>
    waitFor(
      () =>
        p.ctx.db.query<{ mobile: string; mt_status: number }>(
          'select mobile, mt_status from mt_records where mobile = any($1)',
          [mobiles],
        ),
      (rs) => rs.length >= mobiles.length && rs.every((r) => r.mt_status === 0),
    );
  const submitsTo = (digits: string) => smsc.steps.filter((s) => s.step === 'submit' && s.destination === digits);

  it('lets the operator allow sender ids on a route: bounded, saved, shown and audited', async () => {
    const listed = await p.call('/carrier/routes', {}, { token: operator });
    const gb = (listed.body.data.routes as Array<{ id: number; country?: string; position: number }>).find(
      (r) => r.country === 'GB',
    )!;
    expect(gb).not.toHaveProperty('alphaSenderIds');
    const rule = { country: 'GB', prodTypes: [1], carriers: ['perl'], id: gb.id };
    for (const bad of ['yes', 1, null]) {
      const r = await p.call('/carrier/routeSave', { ...rule, alphaSenderIds: bad }, { token: operator, lang: 'en' });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    // an enterprise login cannot change it
    expect((await p.call('/carrier/routeSave', { ...rule, alphaSenderIds: true }, { token: admin })).status).toBe(403);
    const saved = await p.call('/carrier/routeSave', { ...rule, alphaSenderIds: true }, { token: operator });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ id: gb.id, alphaSenderIds: true });
    const again = await p.call('/carrier/routes', {}, { token: operator });
    expect(
      (again.body.data.routes as Array<{ id: number; alphaSenderIds?: boolean }>).find((r) => r.id === gb.id)
        ?.alphaSenderIds,
    ).toBe(true);
    const audit = await p.call('/carrier/audit', { target: `route #${gb.id}` }, { token: operator });
    const [change] = audit.body.data.data as Array<{
      action: string;
      actor: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>;
    expect(change).toMatchObject({ action: 'route.change', actor: 'operator' });
    expect(change.before.alphaSenderIds).toBeUndefined();
    expect(change.after.alphaSenderIds).toBe(true);
  });

  it('sends the sender id as ton 5, npi 0 where the route allows it, and the numeric code with the carrier ton otherwise', async () => {
    const alpha = '+447400123400';
    const digits = '+447400123410';
    const none = '+447400123420';
    const elsewhere = '+14155552670';
    await send(admin, 'EP0001', [alpha, elsewhere], 'ACME');
    await send(admin, 'EP0001', [digits], '4930123456');
    await send(admin, 'EP0001', [none], '');
    await settled([alpha, digits, none, elsewhere]);
    expect(submitsTo('447400123400')).toEqual([
      expect.objectContaining({ source: 'ACME', source_ton: 5, source_npi: 0 }),
    ]);
    // all digits stays a number, typed as the carrier types its numbers
    expect(submitsTo('447400123410')).toEqual([
      expect.objectContaining({ source: '4930123456', source_ton: 2, source_npi: 1 }),
    ]);
    // no sender id, or a route that does not allow one: the platform's code and the account's extension
    expect(submitsTo('447400123420')).toEqual([
      expect.objectContaining({ source: '1069008001', source_ton: 2, source_npi: 1 }),
    ]);
    expect(submitsTo('14155552670')).toEqual([
      expect.objectContaining({ source: '1069008001', source_ton: 2, source_npi: 1 }),
    ]);
  });

  it('gives a reply to the sender id to the account that sent from it, not to one that messaged the number since', async () => {
    const quick = '+447400123404';
    const later = '+447400123405';
    const quickBatch = await send(admin, 'EP0001', [quick], 'ACME');
    const acme = await send(admin, 'EP0001', [later], 'ACME');
    await settled([later]);
    // another account messages the number through the same carrier before the phone answers the first message
    const other = await send(agent, 'AGT001', [later], 'OTHERCO');
    const replies = (mobile: string) =>
      waitFor(
        () =>
          p.ctx.db.query<{ cus_id: string; batch_id: string; content: string }>(
            'select cus_id, batch_id, content from mo_records where mobile = $1',
            [mobile],
          ),
        (rs) => rs.length > 0,
      );
    expect(await replies(quick)).toEqual([{ cus_id: 'EP0001', batch_id: quickBatch, content: 'TD' }]);
    expect(await replies(later)).toEqual([{ cus_id: 'EP0001', batch_id: acme, content: 'Hello back' }]);
    // the phone answered once the second message reached it
    expect(submitsTo('447400123405').map((s) => s.source)).toEqual(['ACME', 'OTHERCO']);
    expect(smsc.steps.filter((s) => s.step === 'reply').map((s) => s.destination)).toEqual(['447400123405']);
    expect(other).not.toBe(acme);
    const [agentReplies] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from mo_records where cus_id = 'AGT001' and mobile = $1",
      [later],
    );
    expect(agentReplies.n).toBe(0);
  });

  it('lets an alphanumeric message claim replies for 7 days only: past them the newest message on the carrier answers', async () => {
    const later = '+447400123405';
    // the sender id message of the test before is now eight days old
    await p.ctx.db.query(
      `update carrier_parts p set submitted_at = p.submitted_at - interval '8 days' from mt_records m, batches b
        where m.sn = p.sn and b.batch_id = m.batch_id and m.mobile = $1 and b.sender_id = 'ACME'`,
      [later],
    );
    await send(agent, 'AGT001', [later], 'OTHERCO2');
    // the phone answers the first message again, once this one reaches it
    const replies = await waitFor(
      () =>
        p.ctx.db.query<{ cus_id: string; batch_id: string }>(
          "select cus_id, batch_id from mo_records where mobile = $1 and cus_id = 'AGT001'",
          [later],
        ),
      (rs) => rs.length > 0,
    );
    // tied to one of the agent's messages (the reply may be read before the newest one's answer is written)
    expect(replies.map((r) => r.cus_id)).toEqual(['AGT001']);
    const [batch] = await p.ctx.db.query<{ cus_id: string; sender_id: string }>(
      'select cus_id, sender_id from batches where batch_id = $1',
      [replies[0].batch_id],
    );
    expect(batch).toMatchObject({ cus_id: 'AGT001' });
    expect(smsc.steps.filter((s) => s.step === 'reply').map((s) => s.destination)).toEqual([
      '447400123405',
      '447400123405',
    ]);
  });
});
