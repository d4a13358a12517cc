import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { TLV, tlvCString, type Pdu } from '../../platform/smpp-wire/pdu-types';
import type { TestPeer } from '../helpers/smpp-test-peer';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { configFromEnv } from '../../platform/core/config';
import { FAST_SIMULATOR, waitFor } from './send.fixtures';
import { bindPeer, smppAccount } from './smpp.fixtures';

// Receipts of one account do not wait on another account's client, a client that never answers is unbound, and a
// receipt the client refuses is sent again later. The rows are queued as the dispatcher queues them.

async function queueReceipts(p: TestPlatform, cusId: string, ids: string[]): Promise<void> {
  await p.ctx.db.query(
    `insert into smpp_outbox (cus_id, message_ids, mobile, client_addr, text, stat, err, submit_date, done_date, next_at)
     select $1, array[id], '13800138000', '10690001', 'hi', 'DELIVRD', '000', now(), now(), now() from unnest($2::text[]) as id`,
    [cusId, ids],
  );
  await p.ctx.db.query("select pg_notify('smpp_outbox', '')");
}

const delivers = (peer: TestPeer) => peer.received.filter((r) => r.command === 'deliver_sm');
const receiptId = (pdu: Pdu) => tlvCString(pdu as never, TLV.receipted_message_id);

/** Answers the peer's deliver_sm as they come: with `statusFor(pdu, n)`, n counting earlier ones of the same id. */
function answering(peer: TestPeer, statusFor: (pdu: Pdu, n: number) => number = () => STATUS.ROK): () => void {
  let answered = 0;
  const seen = new Map<string, number>();
  const timer = setInterval(() => {
    for (const d of delivers(peer).slice(answered)) {
      answered++;
      const id = receiptId(d) ?? '';
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      peer.write({
        command: 'deliver_sm_resp',
        commandStatus: statusFor(d, n),
        sequenceNumber: d.sequenceNumber,
        messageId: '',
      } as Pdu);
    }
  }, 5);
  return () => clearInterval(timer);
}

const outboxIds = async (p: TestPlatform, cusId: string) =>
  (
    await p.ctx.db.query<{ ids: string[] }>(
      'select message_ids as ids from smpp_outbox where cus_id = $1 order by id',
      [cusId],
    )
  ).flatMap((r) => r.ids);

describe.each(DB_KINDS)('SMPP receipt delivery on %s', (kind) => {
  describe('with the usual response timeout', () => {
    let p: TestPlatform;
    beforeAll(async () => {
      p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
      await smppAccount(p, 'SUB001', 'pass0001');
      await smppAccount(p, 'SUB002', 'pass0002');
    });
    afterAll(async () => p?.close());

    it("delivers one account's receipts while another account's receiver leaves a full window unanswered", async () => {
      const silent = (await bindPeer(p, 'SUB002', 'pass0002', 'bind_receiver')).peer;
      const { peer: b, status } = await bindPeer(p, 'SUB001', 'pass0001', 'bind_receiver');
      expect(status).toBe(STATUS.ROK);
      const stop = answering(b);
      await queueReceipts(
        p,
        'SUB002',
        Array.from({ length: 60 }, (_, i) => `A${i}`),
      );
      await silent.until(() => delivers(silent).length >= 50, "the silent receiver's full window", 10_000);
      const ids = Array.from({ length: 10 }, (_, i) => `B${i}`);
      await queueReceipts(p, 'SUB001', ids);
      // well within the 30 s the silent receiver's deliver_sm wait for an answer
      await b.until(() => delivers(b).length >= 10, "the other account's receipts", 10_000);
      expect(delivers(b).map(receiptId).sort()).toEqual(ids.sort());
      stop();
      silent.end();
      b.end();
    });
  });

  describe('with a short response timeout', () => {
    let p: TestPlatform;
    beforeAll(async () => {
      p = await startPlatform(kind, {
        smppPort: 'auto',
        simulator: FAST_SIMULATOR,
        logLevel: 'error',
        smppLimits: { ...configFromEnv({}).smppLimits, responseTimeoutMs: 1000 },
      });
      await smppAccount(p, 'SUB001', 'pass0001');
      await smppAccount(p, 'SUB002', 'pass0002');
    });
    afterAll(async () => p?.close());

    it('unbinds a receiver that leaves a deliver_sm unanswered and keeps the receipt for the next bind', async () => {
      const { peer: silent } = await bindPeer(p, 'SUB002', 'pass0002', 'bind_receiver');
      await queueReceipts(p, 'SUB002', ['T1']);
      await silent.until(
        () => silent.received.some((r) => r.command === 'unbind') || silent.closed,
        'the unbind',
        10_000,
      );
      expect(delivers(silent).map(receiptId)).toEqual(['T1']);
      await silent.until(() => silent.closed, 'the close', 10_000);
      expect(await outboxIds(p, 'SUB002')).toEqual(['T1']);
      const { peer: again } = await bindPeer(p, 'SUB002', 'pass0002', 'bind_receiver');
      const stop = answering(again);
      await again.until(() => delivers(again).length >= 1, 'the receipt again', 10_000);
      stop();
      again.end();
    });

    it('sends a refused receipt again later and drops one refused for good (ESME_RX_P_APPN)', async () => {
      const { peer } = await bindPeer(p, 'SUB001', 'pass0001', 'bind_receiver');
      // R1 is refused for now the first time, P1 for good
      const stop = answering(peer, (d, n) =>
        receiptId(d) === 'P1' ? STATUS.RX_P_APPN : n === 0 ? STATUS.RX_T_APPN : STATUS.ROK,
      );
      await queueReceipts(p, 'SUB001', ['R1']);
      await peer.until(() => delivers(peer).length >= 1, 'the first try', 10_000);
      await queueReceipts(p, 'SUB001', ['P1']);
      await peer.until(() => delivers(peer).filter((d) => receiptId(d) === 'R1').length >= 2, 'R1 again', 15_000);
      await waitFor(
        () => outboxIds(p, 'SUB001'),
        (ids) => ids.length === 0,
        10_000,
      );
      expect(delivers(peer).filter((d) => receiptId(d) === 'P1')).toHaveLength(1);
      stop();
      peer.end();
    });
  });
});
