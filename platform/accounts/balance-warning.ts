import type { BalanceWarning } from '../../contract/entities.schema';
import { translate } from '../../contract/messages';
import { countSegments } from '../../contract/segments';
import type { BalanceWarningForm } from '../../contract/validation/balance-warning.rules';
import type { AppContext } from '../core/context';
import type { AccountPorts } from './account-ports';
import type { Queryable } from '../db/db';
import { notifyAll } from '../feed/change-notices';
import { withRetry } from '../db/retry';
import { BALANCE_WARNING_LINK } from '../notices/notice-links';
import { notify } from '../notices/notices';

// Balance warnings. The accounts_balance_warning trigger (migration 020) decides a crossing inside the
// transaction that moved the balance and queues an event; this worker turns each event into one warning SMS through
// the platform's own outbox (an uncharged MT batch, visible in the records) and into a notice for the account's users,
// in one transaction with marking it sent.

export async function getWarning(q: Queryable, cusId: string): Promise<BalanceWarning> {
  const [w] = await q.query<{ enabled: boolean; warn_balance: string; mobiles: string[]; last_warn_at: Date | null }>(
    'select enabled, warn_balance, mobiles, last_warn_at from balance_warnings where cus_id = $1',
    [cusId],
  );
  return {
    cus_id: cusId,
    enabled: w?.enabled ?? false,
    warnBalance: w ? Number(w.warn_balance) : 0,
    warnMobiles: w?.mobiles ?? [],
    lastWarnTime: w?.last_warn_at ? new Date(w.last_warn_at).getTime() : null,
  };
}

/** Saves the warning; it is armed when the balance is at or above the threshold now (a later fall then warns). */
export async function saveWarning(ctx: AppContext, cusId: string, f: BalanceWarningForm): Promise<BalanceWarning> {
  await ctx.db.query(
    `insert into balance_warnings(cus_id, enabled, warn_balance, mobiles, armed)
     select $1, $2, $3, $4, a.balance >= $3 from accounts a where a.cus_id = $1
     on conflict (cus_id) do update set enabled = excluded.enabled, warn_balance = excluded.warn_balance, mobiles = excluded.mobiles, armed = excluded.armed`,
    [cusId, f.enabled, f.warnBalance, f.warnMobiles],
  );
  return getWarning(ctx.db, cusId);
}

/** Sends queued warnings; answers how many. */
export async function sendDueWarnings(
  ctx: AppContext,
  ports: Pick<AccountPorts, 'writeSystemSms'>,
  limit = 20,
): Promise<number> {
  const now = ctx.now();
  const sent = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const events = await q.query<{
        id: string;
        cus_id: string;
        balance: string;
        mobiles: string[];
        time_zone: string;
        warn_balance: string;
      }>(
        `select e.id::text as id, e.cus_id, e.balance, e.mobiles, a.time_zone, coalesce(w.warn_balance, 0) as warn_balance
           from balance_warning_events e join accounts a on a.cus_id = e.cus_id left join balance_warnings w on w.cus_id = e.cus_id
          where e.sent_at is null order by e.id limit $1 for update of e skip locked`,
        [limit],
      );
      for (const e of events) {
        if (e.mobiles.length > 0) {
          const content = translate('zh', 'sms.balanceWarning', {
            cus_id: e.cus_id,
            balance: Number(e.balance).toFixed(2),
            threshold: Number(e.warn_balance).toFixed(2),
          });
          const segments = Math.max(1, countSegments(content).segments);
          await ports.writeSystemSms(
            q,
            { cus_id: e.cus_id, mobiles: e.mobiles, content, segments, timeZone: e.time_zone },
            now,
          );
        }
        await notify(q, {
          cusId: e.cus_id,
          kind: 'balanceLow',
          params: {
            cusId: e.cus_id,
            balance: Number(e.balance).toFixed(2),
            threshold: Number(e.warn_balance).toFixed(2),
          },
          link: BALANCE_WARNING_LINK,
        });
        await q.query('update balance_warning_events set sent_at = $2 where id = $1', [e.id, now]);
      }
      return events.map((e) => e.cus_id);
    }),
  );
  if (sent.length > 0) await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], sent);
  return sent.length;
}
