import type { Config } from '../core/config';
import { createSimulator } from '../messaging/simulator';
import { STATUS } from '../smpp-wire/command-status';
import { receiptTargets } from '../smpp/reassembly';
import { receiptPdu, replyPdu, type OutboxRow } from '../smpp/receipt-outbox';
import { SmppServer } from '../smpp/smpp-server';

// The carrier simulator on the wire: an SMSC on loopback that takes the platform's binds and submits and answers as
// the in-process simulator decides (config.simulator's delays and rates), so the platform's carrier path runs end to
// end with nothing outside. Receipts go per part that asked for one, after the report delay; a delivered message may
// draw a reply (MO) from the phone; a message the simulator times out gets no receipt.

export interface SimulatorSmscOptions {
  simulator: Config['simulator'];
  systemId: string;
  password: string;
  /** submit_sm a bind may have outstanding; more are refused with ESME_RTHROTTLED as a carrier would. */
  windowSize?: number;
  random?: () => number;
  /** each submit taken (tests count what the carrier received). */
  onSubmit?: (destination: string, messageId: string) => void;
  /** each receipt the ESME did not take (no bind, closed, unanswered or refused) and the simulator gives up on, so
   * benches that kill a gateway tell these from receipts the gateway lost. */
  onReceiptLost?: (destination: string) => void;
  /** a receipt the ESME did not take is offered again this often, as a carrier's SMSC keeps a report until a bind
   * takes it (a gateway restarted after a crash still gets the reports of what it sent); unset, it is dropped. */
  receiptRetryMs?: number;
  /** each time a receipt no bind took is kept to be offered again. */
  onReceiptKept?: (destination: string) => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const STAT_OF: Record<string, string> = { UNDELIV: 'UNDELIV', REJECTD: 'REJECTD', EXPIRED: 'EXPIRED' };

export interface SimulatorSmsc {
  server: SmppServer;
  /** reports still to be sent: what a close now drops (tests bound the messages a dead carrier leaves unknown). */
  pendingReports(): number;
  /** stops the pending reports and closes every session. */
  close(): Promise<void>;
}

export function simulatorSmsc(o: SimulatorSmscOptions): SimulatorSmsc {
  const sim = createSimulator(o.simulator, o.random);
  // ids from the start time on, so a simulator restarted on the same port never gives an id a waiting receipt has
  let next = BigInt(Date.now()) << 16n;
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      run();
    }, ms);
    timers.add(t);
  };
  const server: SmppServer = new SmppServer({
    systemId: 'SIMSMSC',
    windowSize: o.windowSize,
    // receipts outstanding to the platform: a deep window lets it write them in large groups
    deliverWindow: 1000,
    logger: o.log,
    authenticate: async (r) =>
      r.systemId === o.systemId && r.password === o.password
        ? { ok: true, accountId: r.systemId }
        : { ok: false, status: STATUS.RINVPASWD },
    submit: async (session, message) => {
      const messageId = (next++).toString(16).toUpperCase();
      o.onSubmit?.(message.pdu.destinationAddr, messageId);
      const accountId = session.accountId!;
      const msg = {
        sn: messageId,
        prod_type: 0,
        cus_id: accountId,
        mobile: message.pdu.destinationAddr,
        content: message.text ?? '',
      };
      const submitted = new Date();
      later(sim.reportDelayMs(), () => {
        const report = sim.report(msg);
        if (report.mt_status === 600) return;
        const ok = report.mt_status === 0;
        const row: OutboxRow = {
          id: messageId,
          kind: 'receipt',
          cus_id: accountId,
          message_ids: [],
          mobile: message.pdu.destinationAddr,
          client_addr: message.pdu.sourceAddr,
          text: message.text ?? '',
          stat: ok ? 'DELIVRD' : (STAT_OF[report.report_result ?? ''] ?? 'UNDELIV'),
          err: ok ? '0' : '1',
          submit_date: submitted,
          done_date: new Date(),
        };
        const offer = (pdu: ReturnType<typeof receiptPdu>) =>
          void server.deliverToAccount(accountId, pdu).then((r) => {
            if (r.ok && r.status === STATUS.ROK) return;
            if (o.receiptRetryMs) {
              o.onReceiptKept?.(row.mobile);
              later(o.receiptRetryMs, () => offer(pdu));
            } else o.onReceiptLost?.(row.mobile);
          });
        for (const target of receiptTargets(message, messageId)) {
          if (target.registeredDelivery === 2 && ok) continue;
          offer(receiptPdu(row, target.id));
        }
        const reply = sim.reply(msg, report);
        if (reply !== null) void server.deliverToAccount(accountId, replyPdu({ ...row, kind: 'mo', text: reply }));
      });
      return { messageId };
    },
  });
  return {
    server,
    pendingReports: () => timers.size,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await server.close(500);
    },
  };
}
