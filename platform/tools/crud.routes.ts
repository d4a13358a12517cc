import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import { crudAddEndpoint, crudDeleteEndpoint, crudListEndpoint, crudUpdateEndpoint, type CrudItem } from '../../contract/endpoints/crud.endpoints';
import type { AppContext } from '../context';
import { notFound } from '../http/api-error';
import { route } from '../http/route';

// Spec §7 "Sample CRUD": items belong to the caller's own account; another account's id is answered as unknown.
const COLUMNS = `id, name, remark, (extract(epoch from create_time) * 1000)::int8 as create_time`;

export function registerCrudRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, crudListEndpoint, async ({ user, body }) => {
    const name = body.name ? `%${body.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `cus_id = $1 and ($2::text is null or name like $2)`;
    const [rows, [{ n }]] = await Promise.all([
      ctx.db.query<CrudItem>(`select ${COLUMNS} from crud_items where ${where} order by create_time desc, id desc limit $3 offset $4`, [
        user!.cus_id,
        name,
        body.pageSize,
        (body.pageNumber - 1) * body.pageSize,
      ]),
      ctx.db.query<{ n: number }>(`select count(*)::int8 as n from crud_items where ${where}`, [user!.cus_id, name]),
    ]);
    return { total: Number(n), data: rows };
  });

  route(app, ctx, crudAddEndpoint, async ({ user, body, message }) => {
    const [item] = await ctx.db.query<CrudItem>(
      `insert into crud_items(id, cus_id, name, remark, create_time) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
      [ulid(), user!.cus_id, body.name, body.remark, ctx.now()],
    );
    message('common.added');
    return item;
  }, { idempotent: true });

  route(app, ctx, crudUpdateEndpoint, async ({ user, body, message }) => {
    const [item] = await ctx.db.query<CrudItem>(`update crud_items set name = $3, remark = $4 where id = $1 and cus_id = $2 returning ${COLUMNS}`, [
      body.id,
      user!.cus_id,
      body.name,
      body.remark,
    ]);
    if (!item) throw notFound('crud.notFound');
    message('common.updated');
    return item;
  }, { idempotent: true });

  route(app, ctx, crudDeleteEndpoint, async ({ user, body, message }) => {
    const gone = await ctx.db.query('delete from crud_items where id = $1 and cus_id = $2 returning id', [body.id, user!.cus_id]);
    if (gone.length === 0) throw notFound('crud.notFound');
    message('common.deleted');
  });
}
