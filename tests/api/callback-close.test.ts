import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../platform/auth/tokens';
import { openPglite } from '../../platform/db/pglite-db';
import { durablePlatform, durableStorage } from '../helpers/durable-platform';
import { testConfig } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';

// A platform stopping while a report callback is on its way lets the post finish rather than cut it off: a post cut
// off may already have reached the receiver, and its row, released, would be posted again by the next instance. The
// receiver holds each request a second before it answers; the platform is stopped while one is held, and its data,
// opened again, says the callback was delivered.

describe('a callback in flight when the platform stops, on pglite', () => {
  let server: Server | null = null;
  let where = '';
  let remove = () => undefined as void;
  beforeAll(async () => {
    ({ where, remove } = await durableStorage('pglite', 'cbclose'));
  });
  afterAll(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    remove();
  });

  it('is finished and recorded delivered, so no instance posts it again', async () => {
    let received = 0;
    let arrived!: () => void;
    const held = new Promise<void>((r) => (arrived = r));
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        arrived();
        setTimeout(() => res.writeHead(204).end(), 1000);
      });
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const addr = server.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const p = await durablePlatform(
      'pglite',
      where,
      testConfig({ simulator: FAST_SIMULATOR, callbackAllowPrivate: true }),
    );
    try {
      const [u] = await p.ctx.db.query<{ id: number }>("select id from users where username = 'user'");
      const token = (await issueToken(p.ctx.db, u.id, new Date())).token;
      const post = (path: string, body: unknown) =>
        fetch(p.base + path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      expect((await post('/user/pushUrlModify', { reportUrl: `${url}/report`, moUrl: `${url}/mo` })).status).toBe(200);
      expect(
        (await post('/user/groupSend', { cus_id: 'SUB001', content: 'stopping', mobiles: '13700000031' })).status,
      ).toBe(200);
      await held;
    } finally {
      await p.close();
    }
    expect(received).toBe(1);
    const db = await openPglite(where);
    try {
      const rows = await db.query<{ status: number }>("select status from callback_deliveries where kind = 'report'");
      expect(rows.map((r) => Number(r.status))).toEqual([1]);
    } finally {
      await db.close();
    }
  });
});
