import { beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, platformFor } from '../helpers/platform';

// The account filter of the number-check statistics and the conversations is typed text: it finds the accounts whose
// id contains it, in any case ("sub00" finds SUB001 and SUB002), never more than the caller may read.
describe.each(DB_KINDS)('account filters by part of the id on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let user: string;
  const now = new Date();
  beforeAll(async () => {
    [admin, user] = await Promise.all([p.login('admin'), p.login('user')]);
    for (const [cus, mobile] of [
      ['SUB001', '13900007001'],
      ['SUB002', '13900007002'],
      ['EP0001', '13900007003'],
    ]) {
      await p.ctx.db.query(
        `insert into number_queries (kind, cus_id, mobile, success, create_time) values ('porting', $1, $2, true, $3), ('black', $1, $2, false, $3)`,
        [cus, mobile, now],
      );
      await p.ctx.db.query(
        `insert into number_status_batches (batch_id, cus_id, batch_name, batch_count, create_time) values ($1, $2, 'b', 3, $3)`,
        [`NSB-${cus}`, cus, now],
      );
      await p.ctx.db.query(
        `insert into mo_records (sn, cus_id, src_calling_number, mobile, content, whole_content, deliver_time, batch_id) values ($1, $2, '1068005', $3, 'hi', 'hello', $4, 'B-AFM')`,
        [`MO-AFM-${cus}`, cus, mobile, now],
      );
    }
  });

  const accounts = async (path: string, body: object, token = admin) => {
    const r = await p.call(path, { pageNumber: 1, pageSize: 100, ...body }, { token });
    expect(r.status).toBe(200);
    return [...new Set((r.body.data.data as Array<{ cus_id: string }>).map((x) => x.cus_id))].sort();
  };

  it.each([
    '/numberPorting/numberPortingStatistics',
    '/mobileBlack/mobileBlackStatistics',
    '/mobileStatus/mobileStatusStatistics',
  ])('%s matches any case and part', async (path) => {
    expect(await accounts(path, { cus_id: 'sub00' })).toEqual(['SUB001', 'SUB002']);
    expect(await accounts(path, { cus_id: 'ub002' })).toEqual(['SUB002']);
    expect(await accounts(path, { cus_id: 'nobody' })).toEqual([]);
    expect(await accounts(path, {})).toEqual(expect.arrayContaining(['EP0001', 'SUB001', 'SUB002']));
    // a sub-account still reads only its own, whatever it types
    expect(await accounts(path, { cus_id: 'sub00' }, user)).toEqual(['SUB001']);
  });

  it('matches the conversations’ account the same way', async () => {
    const list = async (cus_id: string, token = admin) => {
      const r = await p.call('/interact/list', { pageNumber: 1, pageSize: 100, cus_id }, { token });
      expect(r.status).toBe(200);
      return (r.body.data.data as Array<{ cus_id: string; decodeMobile: string }>)
        .filter((s) => s.decodeMobile.startsWith('1390000700'))
        .map((s) => s.cus_id)
        .sort();
    };
    expect(await list('sub00')).toEqual(['SUB001', 'SUB002']);
    expect(await list('Sub001')).toEqual(['SUB001']);
    expect(await list('ep0001', user)).toEqual([]);
  });
});
