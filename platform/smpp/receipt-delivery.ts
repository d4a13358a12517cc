import type { AppContext } from '../core/context';
import { groupWriter } from '../db/group-commit';
import { STATUS, statusName } from '../smpp-wire/command-status';
import { receiptPdu, replyPdu, type OutboxRow } from './receipt-outbox';
import type { SmppServer } from './smpp-server';

// An instance claims due rows of the accounts it holds receiving binds for, pushes them back while it delivers (so no
// other instance sends them twice), and deletes each row once the client took every receipt in it. Each row is
// delivered on its own, and an account is claimed for only as far as its binds have room in their deliver_sm window:
// a client that leaves its deliver_sm unanswered fills its own window (and is unbound at its response timeout), while
// the rows of every other account and bind go on. A receipt the client refuses or leaves unanswered is kept and sent
// again after a back-off, until the retention drops it; one refused as permanently undeliverable (ESME_RX_P_APPN) is
// dropped at once.

/** Rows one claim takes at most: a round claims again at once while claims come back full. */
export const CLAIM_LIMIT = 200;
/** How long a claimed row is left to this instance before another may try it. */
const CLAIM_MS = 60_000;
/** A row whose binds were busy or gone is tried again this soon. */
const RETRY_MS = 1000;
/** Back-off of a receipt the client refused or did not answer: doubling from RETRY_MS up to this. */
const MAX_BACKOFF_MS = 10 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, RETRY_MS * 2 ** Math.max(0, Math.min(20, attempts - 1)));
}

export class ReceiptDelivery {
  private readonly running = new Set<Promise<void>>();
  private readonly remove;

  /** `freed` is told when a row is done, so that the loop claims into the room it left at once. */
  constructor(
    private readonly ctx: AppContext,
    private readonly server: SmppServer,
    private readonly freed: () => void,
  ) {
    this.remove = groupWriter(async (ids: string[]) => {
      await ctx.db.query('delete from smpp_outbox where id = any($1::bigint[])', [ids]);
      return ids.map(() => undefined);
    }, 1000);
  }

  /** Drops receipts older than the retention, then claims and starts delivering the due rows of the accounts whose
   * receiving binds here have room; answers how many rows it claimed (CLAIM_LIMIT: there may be more). */
  async round(): Promise<number> {
    const { ctx } = this;
    const now = ctx.now();
    await ctx.db.query('delete from smpp_outbox where created_at < $1', [
      new Date(now.getTime() - ctx.config.smppReceiptRetentionH * 3_600_000),
    ]);
    const rooms = this.server.deliverRooms();
    if (rooms.size === 0) return 0;
    const rows = await ctx.db.explicitTx((q) =>
      q.query<OutboxRow & { attempts: number }>(
        `update smpp_outbox o set next_at = $3, attempts = o.attempts + 1
           from (select c.id from unnest($1::text[], $5::int[]) as a(cus, room)
                   cross join lateral (select id from smpp_outbox where cus_id = a.cus and next_at <= $2 order by id limit a.room for update skip locked) c
                  order by c.id limit $4) c
          where o.id = c.id
          returning o.id, o.kind, o.cus_id, o.message_ids, o.mobile, o.client_addr, o.text, o.stat, o.err, o.submit_date, o.done_date, o.attempts`,
        [[...rooms.keys()], now, new Date(now.getTime() + CLAIM_MS), CLAIM_LIMIT, [...rooms.values()]],
      ),
    );
    for (const row of rows) {
      const work = this.deliverRow(row)
        .catch((err: Error) =>
          ctx.log.warn({ err: err.message, row: row.id }, 'smpp receipt row not settled: claimed again later'),
        )
        .finally(() => {
          this.running.delete(work);
          this.freed();
        });
      this.running.add(work);
    }
    return rows.length;
  }

  /** Resolves once every delivery started has settled (the sessions being closed, they end at once). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async deliverRow(row: OutboxRow & { attempts: number }): Promise<void> {
    const left: string[] = [];
    let clientsFault = false;
    for (const id of row.message_ids) {
      const outcome = await this.server.deliverToAccount(
        row.cus_id,
        row.kind === 'mo' ? replyPdu(row) : receiptPdu(row, id),
        { busyWhenFull: true },
      );
      if (outcome.ok && outcome.status === STATUS.ROK) continue;
      if (outcome.ok && outcome.status === STATUS.RX_P_APPN) {
        this.ctx.log.warn(
          { cusId: row.cus_id, kind: row.kind, messageId: id },
          'smpp client refused a deliver_sm for good (ESME_RX_P_APPN): dropped',
        );
        continue;
      }
      if (outcome.ok)
        this.ctx.log.info(
          { cusId: row.cus_id, kind: row.kind, messageId: id, status: statusName(outcome.status) },
          'smpp client refused a deliver_sm: kept',
        );
      clientsFault ||= outcome.ok || outcome.reason === 'timeout';
      left.push(id);
    }
    if (left.length === 0) return void (await this.remove(row.id));
    const wait = clientsFault ? backoffMs(row.attempts) : RETRY_MS;
    await this.ctx.db.query('update smpp_outbox set message_ids = $2, next_at = $3 where id = $1', [
      row.id,
      left,
      new Date(this.ctx.now().getTime() + wait),
    ]);
  }
}
