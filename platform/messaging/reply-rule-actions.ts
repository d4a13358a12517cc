import { foldKeyword, optActionOf, OPT_WORD_MAX } from '../../contract/validation/opt-keywords';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { notifyAll } from '../feed/change-notices';
import { settingsOf, SETTINGS_COLUMNS } from './opt-out-settings';
import { sendAnswers } from './reply-rule-answers';

// What a reply matching one of its enterprise's keyword rules does, in the transaction that stores the reply (right
// after the opt-out keywords, opt-out-replies.ts): it is tagged; a forward is queued as a callback delivery, which the
// callback worker posts, signed and retried, after the transaction (a slow or failing receiver never holds a reply);
// an automatic answer goes out once per reply, charged like any send (reply-rule-answers.ts). Each of these is a fixed
// number of statements for the whole round, however many replies match. A reply that is an opt-out or opt-in keyword is
// the opt-out settings' alone, even if a rule was saved with that word before the settings took it.

export interface RuleReply {
  /** the reply's MO sn. */
  sn: string;
  /** the account whose message was answered. */
  cus_id: string;
  mobile: string;
  content: string;
  /** the batch of the message answered ('' when unknown). */
  batch_id: string;
}

interface Match {
  cus_id: string;
  ep_id: string;
  status: number;
  time_zone: string;
  folded: string;
  rule_id: string;
  keyword: string;
  answer: string;
  forward_url: string;
  tag: string;
}

/** Applies the rules matching `replies`; answers how many replies matched one. */
export async function applyReplyRules(ctx: AppContext, q: Queryable, now: Date, replies: RuleReply[]): Promise<number> {
  // a reply longer than any keyword is never one; the rest are looked up by their folded form in one statement
  const folded = replies.map((r) => (r.content.length > OPT_WORD_MAX * 4 ? '' : foldKeyword(r.content)));
  const candidates = replies.map((r, i) => ({ r, f: folded[i] })).filter((c) => c.f !== '');
  if (candidates.length === 0) return 0;
  const rows = await q.query<Match & Parameters<typeof settingsOf>[0]>(
    `select a.cus_id, a.ep_id, a.status, a.time_zone, r.folded, r.id as rule_id, r.keyword, r.answer, r.forward_url, r.tag,
            ${SETTINGS_COLUMNS.split(', ')
              .map((c) => `s.${c}`)
              .join(', ')}
       from accounts a join reply_rules r on r.ep_id = a.ep_id left join opt_out_settings s on s.ep_id = a.ep_id
      where a.cus_id = any($1::text[]) and r.folded = any($2::text[])`,
    [[...new Set(candidates.map((c) => c.r.cus_id))], [...new Set(candidates.map((c) => c.f))]],
  );
  if (rows.length === 0) return 0;
  const ruleOf = new Map(rows.map((m) => [`${m.cus_id}\n${m.folded}`, m]));
  const matched: Array<{ r: RuleReply; m: Match }> = [];
  for (const { r, f } of candidates) {
    const m = ruleOf.get(`${r.cus_id}\n${f}`);
    if (!m) continue;
    const opt = settingsOf(m);
    if (optActionOf(r.content, { optOut: opt.optOutWords, optIn: opt.optInWords }) !== null) continue;
    matched.push({ r, m });
  }
  if (matched.length === 0) return 0;
  const tagged = matched.filter(({ m }) => m.tag !== '');
  if (tagged.length > 0)
    await q.query(
      'update mo_records o set tag = t.tag from unnest($1::text[], $2::text[]) as t(sn, tag) where o.sn = t.sn',
      [tagged.map(({ r }) => r.sn), tagged.map(({ m }) => m.tag)],
    );
  await queueForwards(q, now, matched);
  const answered = await sendAnswers(
    ctx,
    q,
    now,
    matched
      .filter(({ m }) => m.answer !== '')
      .map(({ r, m }) => ({
        ...r,
        ep_id: m.ep_id,
        status: Number(m.status),
        time_zone: m.time_zone,
        rule_id: m.rule_id,
        answer: m.answer,
      })),
  );
  if (answered.length > 0) await notifyAll(q, ['batch', 'mtRecord', 'statistics'], answered);
  return matched.length;
}

/** Forwards as callback deliveries of kind 'rule' (one per reply), so the callback worker signs them with the answered
 * account's app secret and retries them like every other callback. */
async function queueForwards(q: Queryable, now: Date, matched: Array<{ r: RuleReply; m: Match }>): Promise<void> {
  const fw = matched.filter(({ m }) => m.forward_url !== '');
  if (fw.length === 0) return;
  await q.query(
    `insert into callback_deliveries (cus_id, kind, ref, url, payload, next_at)
     select t.cus, 'rule', t.sn, t.url, t.payload::jsonb, $1 from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(cus, sn, url, payload)
     on conflict (kind, ref) do nothing`,
    [
      now,
      fw.map(({ r }) => r.cus_id),
      fw.map(({ r }) => r.sn),
      fw.map(({ m }) => m.forward_url),
      fw.map(({ r, m }) =>
        JSON.stringify({
          type: 'rule',
          sn: r.sn,
          cus_id: r.cus_id,
          mobile: r.mobile,
          content: r.content,
          batch_id: r.batch_id,
          keyword: m.keyword,
          tag: m.tag,
          deliver_time: now.getTime(),
        }),
      ),
    ],
  );
}
