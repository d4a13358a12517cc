import { ulid } from 'ulid';
import type { AppContext } from '../core/context';
import { notifyAll } from '../feed/change-notices';
import { withRetry } from '../db/retry';
import { insertBatch } from './batch-insert';
import { loadAccount } from './send-account';

/** Sends a platform-originated SMS (login and registration codes) through the platform's own message outbox,
 * so it shows in the records and the log like any other message. Not charged. Answers the MT record's sn.
 * With `secret`, the record shows `content` (masked) and only the carrier is handed `secret` (the real text). */
export async function sendSystemSms(ctx: AppContext, msg: { cus_id: string; mobile: string; content: string; secret?: string }): Promise<string> {
  const account = await loadAccount(ctx.db, msg.cus_id);
  if (!account) {
    ctx.log.warn({ cus_id: msg.cus_id }, 'system sms for an unknown account not sent');
    return '';
  }
  const batchId = ulid();
  const now = ctx.now();
  await withRetry(() =>
    ctx.db.tx((q) =>
      insertBatch(
        q,
        ctx,
        {
          batch_id: batchId,
          prod_type: 0,
          batch_type: 1,
          cus_id: msg.cus_id,
          content: msg.content,
          title: null,
          review: false,
          costUnits: 0,
          items: { mobiles: [msg.mobile], contents: null, segments: 1, priceUnits: 0, countryCodes: null, countryNames: null },
        },
        account.time_zone,
        now,
      ).then(() => (msg.secret ? q.query('update mt_records set secret = $2 where batch_id = $1', [batchId, msg.secret]) : undefined)),
    ),
  );
  await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [msg.cus_id]);
  return `${batchId}000001`;
}
