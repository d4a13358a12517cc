import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecretOf } from '../../platform/accounts/secrets';
import { charge } from '../../platform/messaging/charge';
import { loadAccount } from '../../platform/messaging/send-account';
import { openPostgres } from '../../platform/db/postgres-db';
import { callIntegrator } from '../helpers/integrator-client';
import { startPlatform, type TestPlatform } from '../helpers/platform';
import { waitFor } from './send.fixtures';

// Sends charge the account under a row lock while receipts queue the account's callbacks, whose foreign key takes
// FOR KEY SHARE on the same row. On PostgreSQL (PGlite has one connection and cannot deadlock): a balance change
// locks the row FOR NO KEY UPDATE, which a callback insert does not wait for, and a few seconds of integrator sends
// with their receipts and callbacks find no deadlock in pg_stat_database.

const SENDERS = 4;
const DRIVE_MS = 4000;

describe('sends and receipts with callbacks on PostgreSQL', () => {
  let p: TestPlatform;
  let sink: Server;
  let received = 0;
  let secret: string;
  beforeAll(async () => {
    sink = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received++;
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
    const addr = sink.address();
    const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    p = await startPlatform('postgres', {
      carriers: { source: 'simulator-smsc' },
      simulator: { reviewMs: 100, reportMs: 20, successRate: 1, failureRate: 0, replyRate: 0 },
      callbackAllowPrivate: true,
      logLevel: 'silent',
    });
    await p.ctx.db.query(
      `update accounts set balance = 100000, options = coalesce(options, '{}'::jsonb) || jsonb_build_object('pushMode', '1', 'reportUrl', $1::text, 'moUrl', $1::text)
        where cus_id = 'SUB001'`,
      [`${url}/cb`],
    );
    secret = (await appSecretOf(p.ctx.db, 'SUB001')).secret;
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await p?.close();
    await new Promise((r) => sink?.close(r));
  });

  it('a balance change does not wait for a callback insert holding the account row for its key', async () => {
    const account = (await loadAccount(p.ctx.db, 'SUB001'))!;
    const other = await openPostgres(p.ctx.config.databaseUrl!);
    const rollback = new Error('roll back the test transactions');
    const unlessRollback = (err: unknown) => {
      if (err !== rollback) throw err;
    };
    try {
      // FOR KEY SHARE on the account row, as the foreign key of callback_deliveries takes it, held meanwhile
      await other
        .tx(async (o) => {
          await o.query("select 1 from accounts where cus_id = 'SUB001' for key share");
          await p.ctx.db
            .tx(async (q) => {
              await q.query("set local lock_timeout = '2s'");
              await charge(q, account, 1, 'send', 'lock-test');
              throw rollback;
            })
            .catch(unlessRollback);
          throw rollback;
        })
        .catch(unlessRollback);
    } finally {
      await other.close();
    }
  });

  it('drives integrator sends and their receipts and callbacks together without a deadlock', async () => {
    const origin = new URL(p.base).origin;
    let n = 0;
    const ids: string[] = [];
    const end = Date.now() + DRIVE_MS;
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (Date.now() < end) {
          const numbers = Array.from({ length: 5 }, () => `1390${String(n++).padStart(7, '0')}`);
          const r = await callIntegrator(origin, {
            appId: 'SUB001',
            secret,
            path: '/sms/send',
            body: { text: 'lock order test', numbers },
          });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          for (const x of r.body.results as Array<{ messageId: string | null }>) if (x.messageId) ids.push(x.messageId);
        }
      }),
    );
    // the receipts came back and their callbacks went out while the sends ran
    const done = await waitFor(
      () =>
        p.ctx.db.query<{ n: number }>(
          'select count(*)::int as n from mt_records where sn = any($1) and mt_status = 0',
          [ids],
        ),
      (rows) => rows[0].n === ids.length,
    );
    expect(done[0].n).toBeGreaterThan(0);
    await waitFor(
      async () => received,
      (r) => r >= ids.length,
    );
    // a backend reports its deadlocks when its session ends: counted once the platform's connections are closed
    const url = p.ctx.config.databaseUrl!;
    closed = true;
    await p.close();
    const db = await openPostgres(url);
    try {
      const [s] = await db.query<{ deadlocks: string }>(
        'select deadlocks from pg_stat_database where datname = current_database()',
      );
      expect(Number(s.deadlocks)).toBe(0);
    } finally {
      await db.close();
    }
  });
});
