import { createServer } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { callIntegrator, type IntegratorCall } from '../helpers/integrator-client';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, balanceOf, waitFor } from './send.fixtures';

// The signed integrator API's queries, each scoped to the calling account, on both storages.
describe.each(DB_KINDS)('integrator API queries on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, callbackAllowPrivate: true });
  let origin: string;
  const secrets = new Map<string, string>();
  const call = (appId: string, c: Omit<IntegratorCall, 'appId' | 'secret'>) =>
    callIntegrator(origin, { appId, secret: secrets.get(appId)!, ...c });
  let messageId = '';

  beforeAll(async () => {
    origin = new URL(p.base).origin;
    for (const cusId of ['SUB001', 'SUB003']) secrets.set(cusId, (await appSecretOf(p.ctx.db, cusId)).secret);
    const sent = await call('SUB001', {
      path: '/sms/send',
      body: { text: 'query me', numbers: ['13900000101', '13900000102'], sender: '80039', clientRef: 'ref-q' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    messageId = sent.body.results[0].messageId;
  });

  it('answers one message with its state, report, times, segments, fee and clientRef', async () => {
    const r = await waitFor(
      () => call('SUB001', { path: `/sms/${messageId}` }),
      (x) => x.status === 200 && x.body.state === 'delivered',
    );
    expect(r.body).toMatchObject({
      messageId,
      number: '13900000101',
      state: 'delivered',
      segments: 1,
      fee: 0.05,
      clientRef: 'ref-q',
      sender: '80039',
    });
    expect(r.body.reportCode).toBeTruthy();
    expect(Date.parse(r.body.submittedAt)).toBeGreaterThan(0);
    expect(Date.parse(r.body.reportedAt)).toBeGreaterThanOrEqual(Date.parse(r.body.submittedAt) - 1000);
  });

  it("never shows one account another's message", async () => {
    const r = await call('SUB003', { path: `/sms/${messageId}` });
    expect([r.status, r.body.code]).toEqual([404, 'NOT_FOUND']);
    const list = await call('SUB003', { path: '/sms' });
    expect(list.body.total).toBe(0);
    const missing = await call('SUB001', { path: '/sms/NOSUCHMESSAGE' });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('lists messages by number and range, paged; refuses a range over 31 days or a page over 100', async () => {
    const all = await call('SUB001', { path: '/sms', query: { page: 1, size: 1 } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(all.body.items).toHaveLength(1);
    const one = await call('SUB001', { path: '/sms', query: { number: '13900000102' } });
    expect(one.body.items.map((m: { number: string }) => m.number)).toEqual(['13900000102']);
    const now = Math.floor(Date.now() / 1000);
    const past = await call('SUB001', { path: '/sms', query: { from: now - 40 * 86400, to: now - 20 * 86400 } });
    expect([past.status, past.body.total]).toEqual([200, 0]);
    const wide = await call('SUB001', { path: '/sms', query: { from: now - 32 * 86400, to: now } });
    expect([wide.status, wide.body.code, wide.body.field]).toEqual([400, 'INVALID_REQUEST', 'from']);
    const big = await call('SUB001', { path: '/sms', query: { size: 101 } });
    expect([big.status, big.body.field]).toEqual([400, 'size']);
  });

  it("reads the account's replies from a cursor on", async () => {
    const at = new Date();
    await p.ctx.db.query(
      `insert into mo_records (sn, cus_id, prod_type, src_calling_number, mobile, content, whole_content, deliver_time, batch_id)
       values ('MO-Q-1', 'SUB001', 0, '10690003', '13900000101', 'yes', 'query me', $1, 'B1'),
              ('MO-Q-2', 'SUB003', 0, '10690005', '13900000201', 'not yours', 'x', $1, 'B2'),
              ('MO-Q-3', 'SUB001', 0, '10690003', '13900000102', 'no', 'query me', $1, 'B1')`,
      [at],
    );
    const first = await call('SUB001', { path: '/replies', query: { limit: 1 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.items.map((r: { replyId: string; text: string }) => [r.replyId, r.text])).toEqual([
      ['MO-Q-1', 'yes'],
    ]);
    const next = await call('SUB001', { path: '/replies', query: { cursor: first.body.nextCursor, limit: 10 } });
    expect(next.body.items.map((r: { replyId: string }) => r.replyId)).toEqual(['MO-Q-3']);
    const end = await call('SUB001', { path: '/replies', query: { cursor: next.body.nextCursor } });
    expect(end.body).toEqual({ items: [], nextCursor: next.body.nextCursor });
    const other = await call('SUB003', { path: '/replies' });
    expect(other.body.items.map((r: { replyId: string }) => r.replyId)).toEqual(['MO-Q-2']);
  });

  it('answers the balance of the calling account', async () => {
    const r = await call('SUB001', { path: '/balance' });
    expect(r.status).toBe(200);
    expect(r.body.prepaid).toBe(true);
    expect(r.body.balance).toBeCloseTo(await balanceOf(p, 'SUB001'), 4);
  });

  it("echoes the clientRef in the account's report callbacks", async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const addr = server.address();
      const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/report`;
      await p.ctx.db.query('update accounts set options = options || $2::jsonb where cus_id = $1', [
        'SUB001',
        JSON.stringify({ pushMode: '1', reportUrl: url }),
      ]);
      const sent = await call('SUB001', {
        path: '/sms/send',
        body: { text: 'call me back', numbers: ['13900000111'], clientRef: 'cb-ref-1' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const id = sent.body.results[0].messageId as string;
      const got = await waitFor(
        async () => bodies.map((b) => JSON.parse(b) as { sn: string; clientRef?: string }).find((b) => b.sn === id),
        (b) => b !== undefined,
      );
      expect(got).toMatchObject({ type: 'report', sn: id, clientRef: 'cb-ref-1' });
    } finally {
      await p.ctx.db.query("update accounts set options = options - 'pushMode' - 'reportUrl' where cus_id = 'SUB001'");
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('has a document of its own under its base path, unsigned, signed calls with the HMAC scheme and examples, apart from the console API', async () => {
    const raw = await fetch(`${origin}/sms-cloud/openapi/v1/openapi.json`);
    expect(raw.status).toBe(200);
    const doc = (await raw.json()) as any;
    expect(doc.servers).toEqual([{ url: '/sms-cloud/openapi/v1' }]);
    expect(doc.info.description).toContain('HMAC-SHA256');
    expect(doc.components.securitySchemes.integratorHmac).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
    });
    // its own calls only, each with no server row of its own
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/balance',
      '/replies',
      '/sms',
      '/sms/batch',
      '/sms/send',
      '/sms/{messageId}',
    ]);
    const send = doc.paths['/sms/send'];
    expect(send.servers).toBeUndefined();
    // the console's document no longer holds them, and says where they are
    const console = (await (await fetch(`${p.base}/openapi.json`)).json()) as any;
    expect(console.paths['/sms/send']).toBeUndefined();
    expect(console.info.description).toContain('/sms-cloud/openapi/v1/openapi.json');
    // the console's page reads the same document through the envelope
    const inConsole = await p.call('/apiDoc/integrator', {}, { method: 'GET' });
    expect(inConsole.body.data.paths['/sms/send']).toBeDefined();
    expect(send.post.security).toEqual([{ integratorHmac: [] }]);
    expect(send.post.requestBody.content['application/json'].example.numbers).toBeDefined();
    for (const [path, method] of [
      ['/sms/batch', 'post'],
      ['/sms/{messageId}', 'get'],
      ['/sms', 'get'],
      ['/replies', 'get'],
      ['/balance', 'get'],
    ])
      expect(doc.paths[path][method].responses['200'].content['application/json'].example, path).toBeDefined();
  });
});
