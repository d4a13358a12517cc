import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor } from './send.fixtures';

// The sample CRUD resource: GET list, POST add, PUT update, DELETE delete, each scoped to the caller's own account.
describe.each(DB_KINDS)('sample CRUD on %s', (kind) => {
  const p = platformFor(kind);
  let user: string;
  let admin: string;
  beforeAll(async () => {
    [user, admin] = await Promise.all([tokenFor(p, 'user'), tokenFor(p, 'admin')]);
  });

  it('adds, lists with a name filter and paging, updates and deletes', async () => {
    const a = await p.call('/crud/add', { name: '甲 item', remark: 'first' }, { token: user });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('新增成功');
    const b = await p.call('/crud/add', { name: 'second 100%' }, { token: user, lang: 'en' });
    expect(b.body.data).toMatchObject({ name: 'second 100%', remark: '' });
    const all = await p.call('/crud/list?pageNumber=1&pageSize=1', undefined, { token: user, method: 'GET' });
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.data.map((i: { name: string }) => i.name)).toEqual(['second 100%']);
    const filtered = await p.call(`/crud/list?name=${encodeURIComponent('100%')}`, undefined, {
      token: user,
      method: 'GET',
    });
    expect(filtered.body.data.data.map((i: { id: string }) => i.id)).toEqual([b.body.data.id]);
    const upd = await p.call('/crud/update', { id: a.body.data.id, name: 'renamed' }, { token: user, method: 'PUT' });
    expect(upd.body.data).toMatchObject({ id: a.body.data.id, name: 'renamed', remark: '' });
    const del = await p.call(`/crud/delete?id=${a.body.data.id}`, undefined, { token: user, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await p.call('/crud/list', undefined, { token: user, method: 'GET' })).body.data.total).toBe(1);
  });

  it('keeps items to their account and refuses bad input with a localized 400', async () => {
    const mine = await p.call('/crud/add', { name: 'private' }, { token: user });
    expect(
      (await p.call('/crud/list', undefined, { token: admin, method: 'GET' })).body.data.data.map(
        (i: { name: string }) => i.name,
      ),
    ).not.toContain('private');
    const other = await p.call(
      '/crud/update',
      { id: mine.body.data.id, name: 'taken' },
      { token: admin, method: 'PUT', lang: 'en' },
    );
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('No such item, or it was deleted');
    expect(
      (await p.call(`/crud/delete?id=${mine.body.data.id}`, undefined, { token: admin, method: 'DELETE' })).status,
    ).toBe(404);
    const empty = await p.call('/crud/add', { name: '  ' }, { token: user });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('name');
    expect((await p.call('/crud/list', undefined, { method: 'GET' })).status).toBe(401);
  });
});
