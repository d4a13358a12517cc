import { ulid } from 'ulid';
import type { SystemSms } from '../accounts/account-ports';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { notifyAll } from '../feed/change-notices';
import { withRetry } from '../db/retry';
import { insertBatch } from './batch-insert';
import { loadAccount } from './send-account';

/** Sends a platform-originated SMS (login and registration codes) through the platform's own message outbox,
 * so it shows in the records and the log like any other message. Not charged. Answers the MT record's sn.
 * With `secret`, the record shows `content` (masked) and only the carrier is handed `secret` (the real text). */
export async function sendSystemSms(
  ctx: AppContext,
  msg: { cus_id: string; mobile: string; content: string; secret?: string },
): Promise<string> {
  const account = await loadAccount(ctx.db, msg.cus_id);
  if (!account) {
    ctx.log.warn({ cus_id: msg.cus_id }, 'system sms for an unknown account not sent');
    return '';
  }
  const now = ctx.now();
  const sms = {
    cus_id: msg.cus_id,
    mobiles: [msg.mobile],
    content: msg.content,
    segments: 1,
    timeZone: account.time_zone,
  };
  const batchId = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const id = await insertSystemSms(q, ctx, sms, now);
      if (msg.secret) await q.query('update mt_records set secret = $2 where batch_id = $1', [id, msg.secret]);
      return id;
    }),
  );
  await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [msg.cus_id]);
  return `${batchId}000001`;
}

/** In `q`'s transaction: a platform-originated batch (not charged, not reviewed) to these numbers; answers its id.
 * The caller tells the consoles after its commit. */
export async function insertSystemSms(q: Queryable, ctx: AppContext, sms: SystemSms, now: Date): Promise<string> {
  const batchId = ulid();
  await insertBatch(
    q,
    ctx,
    {
      batch_id: batchId,
      prod_type: 0,
      batch_type: 1,
      cus_id: sms.cus_id,
      content: sms.content,
      title: null,
      review: false,
      costUnits: 0,
      items: {
        mobiles: sms.mobiles,
        contents: null,
        segments: sms.segments,
        priceUnits: 0,
        countryCodes: null,
        countryNames: null,
      },
    },
    sms.timeZone,
    now,
  );
  return batchId;
}
