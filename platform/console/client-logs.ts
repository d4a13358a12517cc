import type { Queryable } from '../db/db';

/** What each login keeps of its uploaded logs: the newest entries up to either bound (rows: config.clientLogKeepRows,
 * 1,000 unless set); older ones go as new ones come, so repeated uploads cannot grow the table past this per login
 * (a log viewer needs the recent errors, not history). */
export const LOG_KEEP_BYTES = 1024 * 1024;

/** Stores a login's uploaded entries in one set-based insert, then deletes its entries past the retention. */
export async function storeClientLogs(
  q: Queryable,
  userId: number,
  entries: unknown[],
  keepRows: number,
): Promise<void> {
  await q.query(
    `insert into client_logs(user_id, type, message, stack, info, url, time)
     select $1, e->>'type', e->>'message', e->>'stack', e->>'info', e->>'url', e->>'time' from jsonb_array_elements($2::jsonb) e`,
    [userId, JSON.stringify(entries)],
  );
  await q.query(
    `delete from client_logs where id in (
       select id from (
         select id, row_number() over w as n,
                sum(octet_length(type) + octet_length(message) + coalesce(octet_length(stack), 0) + coalesce(octet_length(info), 0)
                    + coalesce(octet_length(url), 0) + coalesce(octet_length(time), 0)) over w as bytes
           from client_logs where user_id = $1 window w as (order by id desc)
       ) kept where n > $2 or bytes > $3)`,
    [userId, keepRows, LOG_KEEP_BYTES],
  );
}
