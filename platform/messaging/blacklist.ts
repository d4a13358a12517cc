import type { BlacklistSource } from '../../contract/endpoints/mobile-black.endpoints';
import { prepared, type Queryable } from '../db/db';
import { yieldToLoop } from '../db/slices';

// Whether a number may be sent to, decided here for every door (console send and its pre-check, SMPP submit_sm, the
// HTTP API): a live entry of the sending account's enterprise that covers the whole enterprise (cus_id '') or the
// sending account itself stops it. Each door words the refusal its own way from the entry's source and scope.

/** Why a number is refused: where its entry came from, and whether it covers the enterprise or the account only. */
export interface Block {
  source: BlacklistSource;
  scope: 'enterprise' | 'account';
}

/** The rule above in SQL, for entry `b` and a send by account `cus` of enterprise `ep` (SQL expressions): every
 * lookup, of one account's numbers or of several accounts' sends, states it through this. */
const stopsSend = (b: string, ep: string, cus: string) =>
  `${b}.ep_id = ${ep} and ${b}.cus_id in ('', ${cus}) and not ${b}.deleted`;

/** Numbers per lookup: 100,000 in one statement held PGlite (and so the event loop) ~0.4 s. */
const LOOKUP_SLICE = 5000;

/** The refused ones among `mobiles` for a send by `account`, each with why; a slice per statement with yields. */
export async function blockedNumbers(
  q: Queryable,
  account: { ep_id: string; cus_id: string },
  mobiles: string[],
): Promise<Map<string, Block>> {
  const out = new Map<string, Block>();
  for (let i = 0; i < mobiles.length; i += LOOKUP_SLICE) {
    const rows = await q.query<{ mobile: string; source: BlacklistSource; cus_id: string }>(
      prepared`select b.mobile, b.source, b.cus_id from blacklist b
        where ${stopsSend('b', '$1', '$2')} and b.mobile = any($3::text[])
        order by b.cus_id`,
      [account.ep_id, account.cus_id, mobiles.slice(i, i + LOOKUP_SLICE)],
    );
    // an enterprise entry ('' sorts first) is the reason given when both kinds list the number
    for (const r of rows)
      if (!out.has(r.mobile))
        out.set(r.mobile, { source: r.source, scope: r.cus_id === '' ? 'enterprise' : 'account' });
    await yieldToLoop();
  }
  return out;
}

/** Which of several accounts' sends are refused, in one statement (a handful at once: replies answered in one round),
 * by the rule `blockedNumbers` applies: answers the indexes of `sends` refused. */
export async function blockedSends(
  q: Queryable,
  sends: Array<{ ep_id: string; cus_id: string; mobile: string }>,
): Promise<Set<number>> {
  if (sends.length === 0) return new Set();
  const rows = await q.query<{ i: number }>(
    `select distinct t.i::int as i from unnest($1::text[], $2::text[], $3::text[]) with ordinality as t(ep, cus, mobile, i)
       join blacklist b on ${stopsSend('b', 't.ep', 't.cus')} and b.mobile = t.mobile`,
    [sends.map((s) => s.ep_id), sends.map((s) => s.cus_id), sends.map((s) => s.mobile)],
  );
  return new Set(rows.map((r) => Number(r.i) - 1));
}

/** The message key a console shows for a refused number. */
export const blockReasonKey = (b: Block) => `blacklist.reason.${b.source}.${b.scope}`;
