import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { callIntegrator } from '../helpers/integrator-client';
import { DB_KINDS, platformFor, startPlatform, type TestPlatform } from '../helpers/platform';
import { parseSamples, promtoolCheck, valueOf, type Sample } from '../helpers/prom-text';
import { carriersFile, handDrivenSmsc } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';
import { bindTestAccount, smppTestAccount, ucs2Submit } from './smpp.fixtures';

// The Prometheus series on the metrics port: the text format as promtool reads it, the port kept apart from the
// public one, and the series moving as traffic passes each door (console, HTTP API, SMPP), the carrier (an SMSC on
// loopback the test drives: it answers every submit, and sends a receipt when the test says) and the queues.

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  let smsc: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let p: TestPlatform;
  let admin: string;
  const metricsUrl = (path: string) => `http://127.0.0.1:${p.metricsPort()}${path}`;
  const scrapeText = async () => {
    const r = await fetch(metricsUrl('/metrics'));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return r.text();
  };
  const scrape = async () => parseSamples(await scrapeText());
  const until = (ok: (s: Sample[]) => boolean) => waitFor(scrape, ok);
  const num = (s: Sample[], name: string, labels: Record<string, string> = {}) => valueOf(s, name, labels) ?? 0;

  beforeAll(async () => {
    smsc = await handDrivenSmsc();
    const file = carriersFile({ carriers: [smsc.carrier('hand')], routes: [{ carriers: ['hand'] }] });
    p = await startPlatform(kind, { metricsPort: 'auto', smppPort: 'auto', carriers: { source: 'file', file } });
    admin = await tokenFor(p, 'admin');
  });
  afterAll(async () => {
    await p?.close();
    await smsc?.server.close();
  });

  it('serves the text format: promtool reads it, and finds nothing to say about the platform’s own series', async () => {
    // the carrier link's series appear once the platform has bound to the SMSC
    await until((s) => num(s, 'sms_carrier_binds_bound', { carrier: 'hand' }) > 0);
    const text = await scrapeText();
    const { code, problems } = promtoolCheck(text);
    // 0: clean; 3: lint findings only (prom-client's own nodejs_*_total gauges); 1 would be a text that does not parse
    expect([0, 3], problems.join('\n')).toContain(code);
    expect(problems.filter((l) => l.startsWith('sms_'))).toEqual([]);
    const names = new Set(parseSamples(text).map((x) => x.name));
    for (const n of [
      'sms_queue_depth',
      'sms_queue_oldest_age_seconds',
      'sms_db_pool_connections',
      'sms_carrier_window_in_use',
      'sms_carrier_window_size',
      'sms_carrier_binds_wanted',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(names, n).toContain(n);
    const queues = parseSamples(text).filter((x) => x.name === 'sms_queue_depth');
    expect(queues.map((x) => x.labels.queue).sort()).toEqual(['callbacks', 'carrier', 'smpp_outbox', 'timed_batches']);
    const pool = parseSamples(text).filter((x) => x.name === 'sms_db_pool_connections');
    expect(pool.map((x) => x.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(num(parseSamples(text), 'sms_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    // every background loop's rounds, by loop: the dispatch to carriers, its receipts, callbacks, SMPP receipts
    const rounds = await until((s) =>
      ['carrier-dispatch', 'carrier-receipts', 'accounts', 'smpp-receipts'].every(
        (loop) => num(s, 'sms_loop_round_duration_seconds_count', { loop }) > 0,
      ),
    );
    expect(
      rounds
        .filter((x) => x.name === 'sms_loop_round_duration_seconds_count')
        .every((x) => /^[a-z -]+$/.test(x.labels.loop)),
    ).toBe(true);
  });

  it('answers /health and /ready on the metrics port, /ready 503 while draining; /metrics is not on the public port', async () => {
    expect((await fetch(metricsUrl('/health'))).status).toBe(200);
    const ready = await fetch(metricsUrl('/ready'));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    expect((await fetch(metricsUrl('/elsewhere'))).status).toBe(404);
    const origin = new URL(p.base).origin;
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    expect((await fetch(`${p.base}/metrics`)).status).toBe(404);
    expect(num(await scrape(), 'sms_ready')).toBe(1);
    p.lifecycle.draining = true;
    try {
      expect((await fetch(metricsUrl('/ready'))).status).toBe(503);
      expect(num(await scrape(), 'sms_ready')).toBe(0);
    } finally {
      p.lifecycle.draining = false;
    }
  });

  it('counts console sends by door and reason, and the carrier’s submits, answers, receipts and their latency', async () => {
    const before = await scrape();
    const mobiles = ['13900000501', '13900000502', '13900000503'];
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】metrics', mobiles: [...mobiles, 'abc'].join('\n') },
      { token: admin },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const none = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】metrics', mobiles: 'abc' },
      { token: admin },
    );
    expect(none.status).toBe(400);
    const carrier = { carrier: 'hand' };
    await waitFor(
      async () => mobiles.filter((m) => smsc.ids.has(`86${m}`)).length,
      (n) => n === 3,
    );
    for (const m of mobiles) expect(await smsc.receipt(`86${m}`)).toMatchObject({ ok: true, status: STATUS.ROK });
    // a receipt is counted as it arrives, its latency once it has found its part
    const latencies = (s: Sample[]) => num(s, 'sms_carrier_receipt_latency_seconds_count', carrier);
    const after = await until((s) => latencies(s) >= latencies(before) + 3);
    const grew = (name: string, labels: Record<string, string>) => num(after, name, labels) - num(before, name, labels);
    expect(grew('sms_carrier_receipts_total', { ...carrier, status: 'delivered' })).toBeGreaterThanOrEqual(3);
    expect(grew('sms_messages_accepted_total', { door: 'console' })).toBe(3);
    expect(grew('sms_messages_refused_total', { door: 'console', reason: 'invalid_number' })).toBe(1);
    expect(grew('sms_messages_refused_total', { door: 'console', reason: 'send.noValidMobile' })).toBe(1);
    expect(grew('sms_carrier_submits_total', carrier)).toBeGreaterThanOrEqual(3);
    expect(grew('sms_carrier_answers_total', { ...carrier, status: 'ok' })).toBeGreaterThanOrEqual(3);
    expect(num(after, 'sms_carrier_window_size', carrier)).toBeGreaterThan(0);
    expect(
      grew('sms_http_request_duration_seconds_count', { route: '/sms-service-api/user/groupSend', status: '200' }),
    ).toBe(1);
    expect(
      grew('sms_http_request_duration_seconds_count', { route: '/sms-service-api/user/groupSend', status: '400' }),
    ).toBe(1);
    // bounded labels only: no number a client sent appears anywhere
    expect(await scrapeText()).not.toMatch(/1390000050\d/);
  });

  it('counts signed HTTP API sends and the numbers they refuse', async () => {
    const secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
    const before = await scrape();
    const r = await callIntegrator(new URL(p.base).origin, {
      appId: 'SUB001',
      secret,
      path: '/sms/send',
      body: { text: 'metrics over http', numbers: ['13900000511', 'abc', '13900000511'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await scrape();
    const grew = (name: string, labels: Record<string, string>) => num(after, name, labels) - num(before, name, labels);
    expect(grew('sms_messages_accepted_total', { door: 'http' })).toBe(1);
    expect(grew('sms_messages_refused_total', { door: 'http', reason: 'INVALID_NUMBER' })).toBe(1);
    expect(grew('sms_messages_refused_total', { door: 'http', reason: 'DUPLICATE_NUMBER' })).toBe(1);
    expect(grew('sms_messages_accepted_total', { door: 'console' })).toBe(0);
  });

  it('counts SMPP submits by outcome and shows the live bind of the account', async () => {
    const account = await smppTestAccount(p);
    const before = await scrape();
    const { peer, status } = await bindTestAccount(p, 'bind_transceiver');
    expect(status).toBe(STATUS.ROK);
    try {
      expect((await peer.call(ucs2Submit('13900000521', 'metrics over smpp'))).commandStatus).toBe(STATUS.ROK);
      expect((await peer.call(ucs2Submit('not-a-number', 'metrics over smpp'))).commandStatus).toBe(STATUS.RINVDSTADR);
      const during = await scrape();
      const grew = (name: string, labels: Record<string, string>) =>
        num(during, name, labels) - num(before, name, labels);
      expect(grew('sms_messages_accepted_total', { door: 'smpp' })).toBe(1);
      expect(grew('sms_messages_refused_total', { door: 'smpp', reason: 'ESME_RINVDSTADR' })).toBe(1);
      expect(num(during, 'sms_smpp_binds', { account: account.cusId, bind_type: 'transceiver' })).toBe(1);
    } finally {
      peer.end();
    }
    await until((s) => num(s, 'sms_smpp_binds', { account: account.cusId }) === 0);
  });

  it('shows queued work in the queue gauges: depth and the age of the oldest item', async () => {
    const [record] = await p.ctx.db.query<{ sn: string; receive_time: Date }>(
      'select sn, receive_time from mt_records order by receive_time limit 1',
    );
    expect(record).toBeDefined();
    // the earlier tests' records have left the queue, so what it holds next is this test's row
    const before = await until((s) => num(s, 'sms_queue_depth', { queue: 'carrier' }) === 0);
    // rows as their producers queue them, with due times far enough ahead that no consumer takes them meanwhile
    await p.ctx.db.query(
      "insert into carrier_queue (sn, due_at) values ($1, now() + interval '1 hour') on conflict (sn) do nothing",
      [record.sn],
    );
    await p.ctx.db.query(
      `insert into smpp_outbox (cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, created_at, next_at)
       values ('SUB003', array['m1'], '13800138000', '10690001', 'hi', 'DELIVRD', '000', now(), now(), now() - interval '90 seconds', now() + interval '1 hour')`,
    );
    await p.ctx.db.query(
      `insert into callback_deliveries (cus_id, kind, ref, url, payload, created_at, next_at)
       values ('SUB003', 'report', 'metrics-test', 'http://127.0.0.1:9/none', '{}'::jsonb, now() - interval '120 seconds', now() + interval '1 hour')`,
    );
    try {
      const after = await until(
        (s) =>
          num(s, 'sms_queue_depth', { queue: 'callbacks' }) > num(before, 'sms_queue_depth', { queue: 'callbacks' }),
      );
      for (const queue of ['carrier', 'smpp_outbox', 'callbacks'])
        expect(num(after, 'sms_queue_depth', { queue }) - num(before, 'sms_queue_depth', { queue }), queue).toBe(1);
      expect(num(after, 'sms_queue_oldest_age_seconds', { queue: 'smpp_outbox' })).toBeGreaterThanOrEqual(90);
      expect(num(after, 'sms_queue_oldest_age_seconds', { queue: 'callbacks' })).toBeGreaterThanOrEqual(120);
      const waited = (Date.now() - new Date(record.receive_time).getTime()) / 1000;
      expect(num(after, 'sms_queue_oldest_age_seconds', { queue: 'carrier' })).toBeGreaterThanOrEqual(
        Math.floor(waited) - 1,
      );
    } finally {
      await p.ctx.db.query('delete from carrier_queue where sn = $1', [record.sn]);
      await p.ctx.db.query("delete from smpp_outbox where cus_id = 'SUB003' and message_ids = array['m1']");
      await p.ctx.db.query("delete from callback_deliveries where ref = 'metrics-test'");
    }
  });
});

describe.each(DB_KINDS)('METRICS_PORT=0 on %s', (kind) => {
  const p = platformFor(kind, { metricsPort: null });

  it('opens no metrics listener, and the public port still serves no /metrics', async () => {
    expect(p.metricsPort()).toBeNull();
    expect((await fetch(`${new URL(p.base).origin}/metrics`)).status).toBe(404);
  });

  it('counts nothing while traffic passes: the counting is off with its port', async () => {
    const admin = await tokenFor(p, 'admin');
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '【云信】metrics off', mobiles: '13900001111\nabc' },
      { token: admin },
    );
    expect(r.status).toBe(200);
    expect(await p.ctx.metrics.registry.getMetricsAsJSON()).toEqual([]);
  });
});
