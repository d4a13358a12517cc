import { describe, expect, it } from 'vitest';
import { STATUS } from '../smpp-wire/command-status';
import { SmppServer } from '../smpp/smpp-server';
import type { SmppServerOptions } from '../smpp/server-types';
import { carrierSchema } from '../../contract/carrier.schema';
import { CarrierLink, type CarrierLinkHooks } from './carrier-link';
import { cleanups, gsmMessage, until } from '../../tests/helpers/carrier-esme';

// All the binds to one carrier against the platform's own SMSC: bind counts in both modes, a carrier that goes away
// and comes back, throttling that pauses the link, and the carrier's rate on a fake clock.

const closeLater = cleanups();

async function smsc(port = 0, over: Partial<SmppServerOptions> = {}) {
  const server = new SmppServer({
    authenticate: async (r) =>
      r.password === 'secret' ? { ok: true, accountId: r.systemId } : { ok: false, status: STATUS.RINVPASWD },
    submit: async () => ({ messageId: 'c1' }),
    ...over,
  });
  const bound = await server.listen(port, '127.0.0.1');
  closeLater(() => server.close(200));
  return { server, port: bound.port };
}

const quiet = { info: () => undefined, warn: () => undefined };

function link(port: number, over: Record<string, unknown> = {}, hooks: Partial<CarrierLinkHooks> = {}) {
  const config = carrierSchema.parse({
    name: 'a',
    host: '127.0.0.1',
    port,
    systemId: 'carrierA',
    password: 'secret',
    reconnectMinS: 0.1,
    ...over,
  });
  const l = new CarrierLink(config, { onDeliver: () => 0, log: quiet, ...hooks });
  closeLater(() => l.stop());
  return l;
}

const message = (text: string) => gsmMessage(text);

describe('carrier link', () => {
  it('opens a transmitter and a receiver per bind, submits over the transmitters and takes deliveries on the receivers', async () => {
    const { server, port } = await smsc();
    const delivered: string[] = [];
    const l = link(
      port,
      { binds: 2, bindMode: 'transmitter+receiver' },
      { onDeliver: (carrier) => (delivered.push(carrier), 0) },
    );
    l.start();
    await until(() => l.stats().bound === 4, 'four binds');
    expect(
      server
        .listSessions()
        .map((s) => s.bindType)
        .sort(),
    ).toEqual(['receiver', 'receiver', 'transmitter', 'transmitter']);
    expect(await l.submit(message('hello'))).toEqual({ kind: 'accepted', messageId: 'c1' });
    const sent = await server.deliverToAccount('carrierA', {
      ...message('id:c1 stat:DELIVRD'),
      esmClass: 0x04,
    } as never);
    expect(sent).toMatchObject({ ok: true, status: 0 });
    expect(delivered).toEqual(['a']);
    expect(l.stats()).toMatchObject({ bound: 4, wanted: 4, window: 20, submitted: 1, accepted: 1 });
  });

  it('is not healthy while the carrier is away, keeps what it could not send, and binds again when it is back', async () => {
    const first = await smsc();
    const l = link(first.port);
    l.start();
    await until(() => l.healthy, 'bound');
    await first.server.close(200);
    await until(() => !l.healthy, 'the link down');
    expect(await l.submit(message('while away'))).toEqual({ kind: 'unsent' });
    await smsc(first.port);
    await until(() => l.healthy, 'bound again');
    expect(await l.submit(message('back'))).toMatchObject({ kind: 'accepted' });
  });

  it('counts a throttle, pauses the link, and goes on once the carrier takes messages again', async () => {
    let refusals = 2;
    const { port } = await smsc(0, { admit: () => (refusals-- > 0 ? STATUS.RTHROTTLED : STATUS.ROK) });
    const l = link(port);
    l.start();
    await until(() => l.healthy, 'bound');
    expect(await l.submit(message('1'))).toEqual({ kind: 'refused', status: STATUS.RTHROTTLED });
    expect(await l.submit(message('2'))).toEqual({ kind: 'refused', status: STATUS.RTHROTTLED });
    expect(await l.submit(message('3'))).toMatchObject({ kind: 'accepted' });
    expect(l.stats()).toMatchObject({ throttled: 2, accepted: 1, errors: { '0x00000058': 2 } });
  });

  it('keeps to the carrier’s rate: a second’s worth at once, then one every 1/rate', async () => {
    const { port } = await smsc();
    let clock = 1_000_000;
    const slept: number[] = [];
    const l = link(
      port,
      { rate: 4 },
      {
        now: () => clock,
        sleep: async (ms) => {
          slept.push(ms);
          clock += ms;
        },
      },
    );
    l.start();
    await until(() => l.healthy, 'bound');
    for (let i = 0; i < 8; i++) expect(await l.submit(message(`m${i}`))).toMatchObject({ kind: 'accepted' });
    // 4 at once (the burst), then 4 more at 250 ms each
    expect(slept.reduce((a, b) => a + b, 0)).toBe(1000);
  });
});
