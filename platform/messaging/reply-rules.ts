import { ulid } from 'ulid';
import { REPLY_RULES_MAX, type ReplyRule, type ReplyRuleInput } from '../../contract/endpoints/reply-rule.endpoints';
import { foldKeyword } from '../../contract/validation/opt-keywords';
import type { Db, Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { ms } from '../lists/list-query';
import { loadOptOutSettings } from './opt-out-settings';

// An enterprise's reply keyword rules as stored (reply_rules). A save checks, under one lock per enterprise, what
// only the stored rules and opt-out settings can tell: the keyword is no opt-out or opt-in word (those win, and are
// changed in the opt-out settings), no other rule has it, and the enterprise stays within REPLY_RULES_MAX.

const COLUMNS = `id, keyword, answer, forward_url as "forwardUrl", tag, ${ms('updated_at')} as "updatedAt", updated_by as "updatedBy"`;

const asRule = (r: ReplyRule): ReplyRule => ({ ...r, updatedAt: Number(r.updatedAt) });

export async function listReplyRules(q: Queryable, epId: string): Promise<ReplyRule[]> {
  const rows = await q.query<ReplyRule>(`select ${COLUMNS} from reply_rules where ep_id = $1 order by keyword, id`, [
    epId,
  ]);
  return rows.map(asRule);
}

/** Adds (no id) or changes one of the enterprise's rules; answers it as stored. */
export async function saveReplyRule(db: Db, epId: string, input: ReplyRuleInput, by: string): Promise<ReplyRule> {
  const folded = foldKeyword(input.keyword);
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`reply_rules:${epId}`]);
    const opt = await loadOptOutSettings(q, epId);
    if ([...opt.optOutWords, ...opt.optInWords].some((w) => foldKeyword(w) === folded))
      throw badRequest('replyRule.optWord', { word: input.keyword }, 'keyword');
    const [taken] = await q.query<{ id: string }>('select id from reply_rules where ep_id = $1 and folded = $2', [
      epId,
      folded,
    ]);
    if (taken && taken.id !== input.id) throw badRequest('replyRule.keywordTaken', { word: input.keyword }, 'keyword');
    const values = [input.keyword, folded, input.answer, input.forwardUrl, input.tag, by];
    if (input.id !== undefined) {
      const rows = await q.query<ReplyRule>(
        `update reply_rules set keyword = $3, folded = $4, answer = $5, forward_url = $6, tag = $7, updated_by = $8, updated_at = now()
          where ep_id = $1 and id = $2 returning ${COLUMNS}`,
        [epId, input.id, ...values],
      );
      if (rows.length === 0) throw badRequest('replyRule.notFound', {}, 'id');
      return asRule(rows[0]);
    }
    const [{ n }] = await q.query<{ n: number }>('select count(*)::int as n from reply_rules where ep_id = $1', [epId]);
    if (Number(n) >= REPLY_RULES_MAX) throw badRequest('replyRule.tooMany');
    const [row] = await q.query<ReplyRule>(
      `insert into reply_rules (id, ep_id, keyword, folded, answer, forward_url, tag, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
      [ulid(), epId, ...values],
    );
    return asRule(row);
  });
}

/** Removes one of the enterprise's rules; answers the rule removed (null: none by that id). */
export async function deleteReplyRule(q: Queryable, epId: string, id: string): Promise<ReplyRule | null> {
  const [row] = await q.query<ReplyRule>(`delete from reply_rules where ep_id = $1 and id = $2 returning ${COLUMNS}`, [
    epId,
    id,
  ]);
  return row ? asRule(row) : null;
}
