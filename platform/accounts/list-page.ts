import type { Queryable } from '../db/db';
import { Where } from '../lists/list-query';

// Paged reads of the account lists (sub-accounts, recharges, callbacks): a count and one page, newest first.

export const offsetOf = (pageNumber: number, pageSize: number) => Math.min((pageNumber - 1) * pageSize, 2_000_000_000);

export async function pageQuery<T>(
  q: Queryable,
  opts: { from: string; select: string; where: Where; order: string; pageNumber: number; pageSize: number },
): Promise<{ total: number; rows: T[] }> {
  const { from, select, where, order } = opts;
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from ${from} where ${where.sql}`,
    where.params,
  );
  const limit = where.bind(opts.pageSize);
  const offset = where.bind(offsetOf(opts.pageNumber, opts.pageSize));
  const rows = await q.query<T>(
    `select ${select} from ${from} where ${where.sql} order by ${order} limit ${limit} offset ${offset}`,
    where.params,
  );
  return { total: Number(count.n), rows };
}

export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
