import { monotonicFactory } from 'ulid';
import {
  NOTICE_PARAM_MAX,
  noticeLinkSchema,
  noticeParamsSchema,
  type NoticeKind,
  type NoticeParams,
} from '../../contract/notice.schema';
import type { Queryable } from '../db/db';
import { notifyChanged } from '../feed/change-notices';

// The one way a notice is written. Call notify() where the event happens, with the event's own transaction as `q`, so
// the notice exists exactly when the event does: a rolled-back charge leaves no "recharged" notice, a committed review
// always leaves its verdict. The change notice it sends is delivered on commit, so the console pulls the notice then.
//
// - cusId: the recipient account; every user of that account sees it (and only they: auth/scope.ts, 'notices').
//   What an enterprise admin hears of its sub-accounts goes to the enterprise's root account, `ep_id`.
// - kind: one of NOTICE_KINDS (contract/notice.schema.ts); the console words it in the reader's language.
// - params: what the wording fills in (ids, names, counts, amounts). Strings are cut to NOTICE_PARAM_MAX characters
//   here, so a long template text or name can be passed as it is; never markup: the console shows them as text.
// - link: the console path of the screen the notice opens (notice-links.ts), e.g. `/rechargeList`.

/** Ids grow within a process even inside one millisecond: notices written in one transaction share created_at, and
 * the list orders them by id after it. */
const nextId = monotonicFactory();

export interface NewNotice {
  cusId: string;
  kind: NoticeKind;
  params?: NoticeParams;
  link: string;
}

/** Cuts each string parameter to NOTICE_PARAM_MAX characters (code points, so no surrogate half is left behind). */
export function clipParams(params: NoticeParams): NoticeParams {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      typeof v === 'string' && v.length > NOTICE_PARAM_MAX ? [...v].slice(0, NOTICE_PARAM_MAX - 1).join('') + '…' : v,
    ]),
  );
}

/** Writes one notice for `cusId` in the caller's transaction and answers its id. A kind, parameter or link outside the
 * contract throws: that is a mistake in the calling code, not in anyone's input. */
export async function notify(q: Queryable, n: NewNotice): Promise<string> {
  const params = noticeParamsSchema.parse(clipParams(n.params ?? {}));
  const link = noticeLinkSchema.parse(n.link);
  const id = nextId();
  await q.query(
    `insert into notices (id, cus_id, ep_id, kind, params, link) select $1, a.cus_id, a.ep_id, $3, $4::jsonb, $5 from accounts a where a.cus_id = $2`,
    [id, n.cusId, n.kind, JSON.stringify(params), link],
  );
  await notifyChanged(q, 'notice', [n.cusId]);
  return id;
}
