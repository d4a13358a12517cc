import { createServer, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_CUSTOMER_IN_FLIGHT } from '../../platform/accounts/callback-worker';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { waitFor } from './send.fixtures';

// A backlog of callbacks to one receiver that answers at once, on both storages: every delivery arrives once and is
// recorded as delivered, over connections kept for the next callback rather than one connection each; and a customer
// whose receiver keeps answering quickly gets more deliveries in flight than the starting share.

interface Receiver {
  url: string;
  ids: string[];
  connections: () => number;
  /** requests received and not answered yet (while held). */
  open: () => number;
  hold: (on: boolean) => void;
  close: () => Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const ids: string[] = [];
  const held: ServerResponse[] = [];
  let holding = false;
  let connections = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      ids.push(String(req.headers['x-sms-delivery-id']));
      if (holding) held.push(res);
      else res.writeHead(204).end();
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  return {
    url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/hook`,
    ids,
    connections: () => connections,
    open: () => held.length,
    hold: (on) => {
      holding = on;
      if (!on) for (const res of held.splice(0)) res.writeHead(204).end();
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function queue(p: TestPlatform, cusId: string, url: string, from: number, count: number): Promise<void> {
  await p.ctx.db.query(
    `insert into callback_deliveries (cus_id, kind, ref, url, payload, next_at)
     select $1, 'report', 'tp-' || g, $2, jsonb_build_object('type', 'report', 'sn', 'tp-' || g), $5
       from generate_series($3::int, $3::int + $4::int - 1) g`,
    [cusId, url, from, count, new Date(Date.now() - 1000)],
  );
}

const delivered = (p: TestPlatform) =>
  p.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from callback_deliveries where ref like 'tp-%' and status = 1 and last_status = 204 and delivered_at is not null",
  );

describe.each(DB_KINDS)('a backlog of callbacks on %s', (kind) => {
  let p: TestPlatform;
  let rx: Receiver;
  beforeAll(async () => {
    p = await startPlatform(kind, { callbackAllowPrivate: true });
    rx = await receiver();
  });
  afterAll(async () => {
    rx?.hold(false);
    await p?.close();
    await rx?.close();
  });

  it('delivers each once over kept connections, and lets a quick receiver have more than the starting share in flight', async () => {
    await queue(p, 'SUB001', rx.url, 1, 300);
    await waitFor(
      () => delivered(p),
      (r) => r[0].n === 300,
    );
    expect(new Set(rx.ids).size).toBe(300);
    expect(rx.ids).toHaveLength(300);
    // one connection per callback without keep-alive
    expect(rx.connections()).toBeLessThan(150);

    // the receiver now holds what it gets: the customer's grown share shows as more requests open at once
    rx.hold(true);
    await queue(p, 'SUB001', rx.url, 301, 40);
    await waitFor(
      async () => rx.open(),
      (n) => n > PER_CUSTOMER_IN_FLIGHT,
    );
    rx.hold(false);
    await waitFor(
      () => delivered(p),
      (r) => r[0].n === 340,
    );
    expect(new Set(rx.ids).size).toBe(340);
  });
});
