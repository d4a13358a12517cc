import { ulid } from 'ulid';
import type { CrudItem } from '../../contract/endpoints/crud.endpoints';
import type { Queryable } from '../db/db';

// The sample CRUD items, for integrators trying the API's list/add/update/delete shape. Each belongs to one account;
// every call names it, so another account's id is simply not found.

const COLUMNS = `id, name, remark, (extract(epoch from create_time) * 1000)::int8 as create_time`;

export async function listCrudItems(
  q: Queryable,
  cusId: string,
  page: { name?: string; pageNumber: number; pageSize: number },
) {
  const name = page.name ? `%${page.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `cus_id = $1 and ($2::text is null or name like $2)`;
  const [rows, [{ n }]] = await Promise.all([
    q.query<CrudItem>(
      `select ${COLUMNS} from crud_items where ${where} order by create_time desc, id desc limit $3 offset $4`,
      [cusId, name, page.pageSize, (page.pageNumber - 1) * page.pageSize],
    ),
    q.query<{ n: number }>(`select count(*)::int8 as n from crud_items where ${where}`, [cusId, name]),
  ]);
  return { total: Number(n), data: rows };
}

export async function addCrudItem(
  q: Queryable,
  cusId: string,
  item: { name: string; remark: string },
  now: Date,
): Promise<CrudItem> {
  const [row] = await q.query<CrudItem>(
    `insert into crud_items(id, cus_id, name, remark, create_time) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [ulid(), cusId, item.name, item.remark, now],
  );
  return row;
}

/** The item as updated, or null when the account has no such item. */
export async function updateCrudItem(
  q: Queryable,
  cusId: string,
  item: { id: string; name: string; remark: string },
): Promise<CrudItem | null> {
  const [row] = await q.query<CrudItem>(
    `update crud_items set name = $3, remark = $4 where id = $1 and cus_id = $2 returning ${COLUMNS}`,
    [item.id, cusId, item.name, item.remark],
  );
  return row ?? null;
}

/** false when the account has no such item. */
export async function deleteCrudItem(q: Queryable, cusId: string, id: string): Promise<boolean> {
  const gone = await q.query('delete from crud_items where id = $1 and cus_id = $2 returning id', [id, cusId]);
  return gone.length > 0;
}
