import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { callIntegrator } from '../helpers/integrator-client';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { carriersFile, handDrivenSmsc } from './hand-smsc.fixtures';
import { waitFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// One message through the logs at debug level: the line at its door, the line of its carrier submit and the line of
// its receipt all name it under one field, msgId (its record's sn), so one search follows it there and back.

type Line = Record<string, unknown> & { msg: string };

describe.each(DB_KINDS)('a message’s trail through the logs on %s', (kind) => {
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let p: TestPlatform;
  const lines: Line[] = [];

  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    const file = carriersFile({ carriers: [smsc.carrier('hand')], routes: [{ carriers: ['hand'] }] });
    const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
    p = await startPlatform(
      kind,
      { smppPort: 'auto', logLevel: 'debug', carriers: { source: 'file', file } },
      { logStream },
    );
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close();
  });

  /** The lines about msgId, once its receipt has been logged, after the test's SMSC sent it. */
  const trailOf = async (msgId: string, destination: string) => {
    await waitFor(
      async () => smsc.ids.has(destination),
      (had) => had,
    );
    expect(await smsc.receipt(destination)).toMatchObject({ ok: true, status: STATUS.ROK });
    await waitFor(
      async () => lines.some((l) => l.msgId === msgId && l.msg === 'carrier receipt'),
      (seen) => seen,
    );
    return lines.filter((l) => l.msgId === msgId);
  };

  it('follows a message taken over SMPP from its submit_sm to its carrier’s receipt', async () => {
    await smppTestAccount(p);
    const { peer, status } = await bindTestAccount(p, 'bind_transmitter');
    expect(status).toBe(STATUS.ROK);
    let smppId: string;
    try {
      const resp = await peer.call(ucs2Submit('13900000601', 'trail over smpp'));
      expect(resp.commandStatus).toBe(STATUS.ROK);
      smppId = (resp as unknown as { messageId: string }).messageId;
    } finally {
      peer.end();
    }
    const door = lines.find((l) => l.msg === 'message accepted' && l.smppMessageId === smppId);
    expect(door, 'the door line names the id the client was answered with').toBeDefined();
    expect(door).toMatchObject({ door: 'smpp', cusId: 'SUB001' });
    const msgId = door!.msgId as string;
    const trail = await trailOf(msgId, '8613900000601');
    const submit = trail.find((l) => l.msg === 'carrier submit');
    expect(submit).toMatchObject({ carrier: 'hand', answer: 'accepted', carrierIds: [smsc.ids.get('8613900000601')] });
    expect(trail.find((l) => l.msg === 'carrier receipt')).toMatchObject({ carrier: 'hand', state: 'delivered' });
    expect(trail.map((l) => l.msg)).toEqual(['message accepted', 'carrier submit', 'carrier receipt']);
  });

  it('follows a message sent over the signed HTTP API under the messageId the integrator was given', async () => {
    const secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
    const r = await callIntegrator(new URL(p.base).origin, {
      appId: 'SUB001',
      secret,
      path: '/sms/send',
      body: { text: 'trail over http', numbers: ['13900000602'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const msgId = r.body.results[0].messageId as string;
    const trail = await trailOf(msgId, '8613900000602');
    expect(trail.map((l) => l.msg)).toEqual(['message accepted', 'carrier submit', 'carrier receipt']);
    expect(trail[0]).toMatchObject({ door: 'http', cusId: 'SUB001' });
  });
});
