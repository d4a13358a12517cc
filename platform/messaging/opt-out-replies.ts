import { ulid } from 'ulid';
import { classifyNumber } from '../../contract/validation/number.rules';
import { optActionOf, type OptAction } from '../../contract/validation/opt-keywords';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { insertBatch } from './batch-insert';
import { notifyAll } from '../feed/change-notices';
import { settingsOf, SETTINGS_COLUMNS } from './opt-out-settings';

// What a reply does to the blacklist, in the transaction that stores the reply, so a reply is acted on exactly once
// whichever instance or door (the simulator, a carrier's deliver_sm) brought it. An opt-out adds the number for the
// enterprise or for the account answered (the enterprise's scope setting); an opt-in takes back what replies put
// there. A confirmation goes out free, and only when the reply changed something: a phone that answers every
// message with "T" (the confirmation included) gets one confirmation, not a loop of them.

export interface OptReply {
  /** the account whose message was answered. */
  cus_id: string;
  mobile: string;
  content: string;
}

interface AccountSettings {
  cus_id: string;
  ep_id: string;
  time_zone: string;
}

/** Applies the keyword replies among `replies`; answers how many changed the blacklist. */
export async function applyOptReplies(ctx: AppContext, q: Queryable, now: Date, replies: OptReply[]): Promise<number> {
  if (replies.length === 0) return 0;
  const rows = await q.query<AccountSettings & Parameters<typeof settingsOf>[0]>(
    `select a.cus_id, a.ep_id, a.time_zone, ${SETTINGS_COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')}
       from accounts a left join opt_out_settings s on s.ep_id = a.ep_id where a.cus_id = any($1::text[])`,
    [[...new Set(replies.map((r) => r.cus_id))]],
  );
  const byAccount = new Map(rows.map((r) => [r.cus_id, { account: r, settings: settingsOf(r) }]));
  let changed = 0;
  const touched = new Set<string>();
  for (const r of replies) {
    const found = byAccount.get(r.cus_id);
    if (!found) continue;
    const { account, settings } = found;
    const action = optActionOf(r.content, { optOut: settings.optOutWords, optIn: settings.optInWords });
    if (action === null) continue;
    const scopeCusId = settings.scope === 'account' ? account.cus_id : '';
    const did =
      action === 'optOut'
        ? await optOut(q, account.ep_id, scopeCusId, r, now)
        : await optIn(q, account.ep_id, account.cus_id, r.mobile, now);
    if (!did) continue;
    changed++;
    touched.add(account.cus_id);
    if (settings.confirm) await confirm(ctx, q, account, r.mobile, action, settings, now);
  }
  if (touched.size > 0) await notifyAll(q, ['blacklist'], await enterpriseAccounts(q, [...touched]));
  return changed;
}

/** Lists the number (again, if a live entry was removed); false when it was already listed for that scope. */
async function optOut(q: Queryable, epId: string, cusId: string, r: OptReply, now: Date): Promise<boolean> {
  const rows = await q.query(
    `insert into blacklist (ep_id, cus_id, mobile, source, created_at, created_by, note, updated_at) values ($1, $2, $3, 'reply', $4, null, $5, $4)
     on conflict (ep_id, cus_id, mobile) do update set deleted = false, source = 'reply', created_at = $4, created_by = null, note = $5, updated_at = $4
       where blacklist.deleted
     returning mobile`,
    [epId, cusId, r.mobile, now, r.content.slice(0, 200)],
  );
  return rows.length > 0;
}

/** Takes back the reply entries that stop this account's messages to the number (a manual, imported or complaint entry
 * is the enterprise's decision and stays); false when there was none. */
async function optIn(q: Queryable, epId: string, cusId: string, mobile: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `update blacklist set deleted = true, updated_at = $4
      where ep_id = $1 and cus_id in ('', $2) and mobile = $3 and source = 'reply' and not deleted returning mobile`,
    [epId, cusId, mobile, now],
  );
  return rows.length > 0;
}

/** The confirmation, as a free message of the answered account: Chinese to a mainland number, English elsewhere. */
async function confirm(
  ctx: AppContext,
  q: Queryable,
  account: AccountSettings,
  mobile: string,
  action: OptAction,
  s: ReturnType<typeof settingsOf>,
  now: Date,
): Promise<void> {
  const intl = classifyNumber(mobile).kind === 'international';
  const content = action === 'optOut' ? (intl ? s.confirmOutEn : s.confirmOutZh) : intl ? s.confirmInEn : s.confirmInZh;
  await insertBatch(
    q,
    ctx,
    {
      batch_id: ulid(),
      prod_type: intl ? 1 : 0,
      batch_type: 1,
      cus_id: account.cus_id,
      content,
      title: null,
      review: false,
      costUnits: 0,
      items: { mobiles: [mobile], contents: null, segments: 1, priceUnits: 0, countryCodes: null, countryNames: null },
    },
    account.time_zone,
    now,
  );
  await notifyAll(q, ['batch', 'mtRecord', 'statistics'], [account.cus_id]);
}

/** Accounts whose consoles are told at once: those of `cusIds`, then others of their enterprises (which share the
 * list), at most NOTICE_ACCOUNTS of them: a notice's payload must stay under PostgreSQL's 8,000 bytes, and one sent
 * inside a transaction that fails would fail the transaction. Consoles not told find the change on their next pull. */
export async function enterpriseAccounts(q: Queryable, cusIds: string[]): Promise<string[]> {
  const rows = await q.query<{ cus_id: string }>(
    `select b.cus_id from accounts a join accounts b on b.ep_id = a.ep_id where a.cus_id = any($1::text[])
      order by b.cus_id = any($1::text[]) desc, b.cus_id limit ${NOTICE_ACCOUNTS}`,
    [cusIds],
  );
  return [...new Set([...cusIds, ...rows.map((r) => r.cus_id)])].slice(0, NOTICE_ACCOUNTS);
}
const NOTICE_ACCOUNTS = 200;
