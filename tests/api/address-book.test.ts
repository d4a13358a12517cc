import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { fetchBytes, readXlsx, upload, xls, xlsx } from './library.fixtures';
import { tokenFor } from './send.fixtures';

// Address book over HTTP on both storages: groups with member counts, members (add, modify, delete, detail),
// hasMemberGroupList, groupMobileDetail, download, the change feed, the xlsx import with its error report (and at
// 10,000 rows, forty import batches: its speed at 100,000 is measured by bench/address-book-import.bench.ts, and the
// console's progress through a 100,000-row import by tests/e2e/heavy/), and what a sub-account may touch.

const BIG = 10_000;
/** rows of the big import with a bad mobile, and as many repeating an earlier one */
const BAD = BIG / 1000;
let bigSheet: Promise<Buffer> | null = null;
/** every 1000th row has a bad mobile, every 1000th (offset 500) repeats an earlier mobile. */
const bigImport = () =>
  (bigSheet ??= xlsx(
    Array.from({ length: BIG }, (_, i) => {
      const mobile =
        i % 1000 === 999
          ? '12345'
          : i % 1000 === 500
            ? `139${String(i - 1).padStart(8, '0')}`
            : `139${String(i).padStart(8, '0')}`;
      return [`成员${i}`, mobile, '', `J${i}`, i % 2 ? '男' : '女', '', ''];
    }),
  ));

describe.each(DB_KINDS)('address book on %s', (kind) => {
  const p = platformFor(kind, { dataDir: null });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    [admin, user] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });

  const call = (path: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'en') =>
    p.call(path, body, { token, lang });
  const addGroup = async (groupName: string, token = admin) =>
    (await call('/addressBook/addressBookGroupAdd', { groupName }, token)).body.data.groupId as string;

  it('keeps groups with member counts and members with add, modify, detail and delete', async () => {
    const g = await addGroup('客户');
    const dup = await call('/addressBook/addressBookGroupAdd', { groupName: '客户' }, admin, 'zh');
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('分组名称已存在');
    const a = await call('/addressBook/addressBookMemberAdd', {
      groupId: g,
      name: '张三',
      mobile: '13800000001',
      email: 'z@example.com',
      gender: 'male',
      birthday: '1990-01-02',
    });
    expect(a.status).toBe(200);
    const b = await call('/addressBook/addressBookMemberAdd', { groupId: g, name: '李四', mobile: '13800000002' });
    const again = await call('/addressBook/addressBookMemberAdd', { groupId: g, name: 'x', mobile: '13800000001' });
    expect(again.body.message).toBe('That mobile is already in the group');
    const badMobile = await call('/addressBook/addressBookMemberAdd', { groupId: g, name: 'x', mobile: '1380000' });
    expect(badMobile.status).toBe(400);

    const detail = (await call('/addressBook/addressBookGroupDetail', { groupId: g })).body.data;
    expect(detail).toMatchObject({ groupId: g, groupName: '客户', memberCount: 2, cus_id: 'EP0001' });
    const member = (await call('/addressBook/addressBookMemberDetail', { id: a.body.data.id })).body.data;
    expect(member).toMatchObject({
      name: '张三',
      mobile: '13800000001',
      email: 'z@example.com',
      groupName: '客户',
      gender: 'male',
      birthday: '1990-01-02',
      jobNumber: '',
    });

    const mod = await call(
      '/addressBook/addressBookMemberMod',
      { id: a.body.data.id, groupId: g, name: '张三丰', mobile: '13800000003' },
      admin,
      'zh',
    );
    expect(mod.body.message).toBe('更新成功');
    const list = (await call('/addressBook/list', { groupId: g, name: '三丰' })).body.data;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ name: '张三丰', mobile: '13800000003' });
    expect((await call('/addressBook/list', { mobile: '1380000000' })).body.data.total).toBe(2);

    const rename = await call('/addressBook/addressBookGroupMod', { groupId: g, groupName: 'VIP 客户' });
    expect(rename.status).toBe(200);
    expect((await call('/addressBook/addressBookMemberDetail', { id: b.body.data.id })).body.data.groupName).toBe(
      'VIP 客户',
    );

    const mobiles = (await call('/addressBook/groupMobileDetail', { groupIds: [g] })).body.data;
    expect(mobiles).toEqual({ mobiles: ['13800000002', '13800000003'], count: 2 });
    const empty = await addGroup('空分组');
    const withMembers = (await call('/addressBook/hasMemberGroupList', {})).body.data.map((x: any) => x.groupId);
    expect(withMembers).toContain(g);
    expect(withMembers).not.toContain(empty);
    expect(
      (await call('/addressBook/groupList', { groupName: '空' })).body.data.data.map((x: any) => x.groupId),
    ).toEqual([empty]);

    const del = await call('/addressBook/addressBookMemberDel', { ids: [b.body.data.id] });
    expect(del.body.data).toEqual({ deleted: 1 });
    expect((await call('/addressBook/addressBookGroupDetail', { groupId: g })).body.data.memberCount).toBe(1);

    // the feed carries the deleted member as a tombstone and the group with its new count
    const members = (await call('/addressBook/memberPull', { checkpoint: null, limit: 1000 })).body.data.documents;
    expect(members.find((m: any) => m.id === b.body.data.id)).toMatchObject({ deleted: true });
    const groups = (await call('/addressBook/groupPull', { checkpoint: null, limit: 1000 })).body.data.documents;
    expect(groups.find((x: any) => x.groupId === g)).toMatchObject({ memberCount: 1, deleted: false });
    for (const d of members)
      expect(FEED_RESOURCES.addressMember.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);
    for (const d of groups)
      expect(FEED_RESOURCES.addressGroup.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);

    const gone = await call('/addressBook/addressBookGroupDel', { groupId: g });
    expect(gone.status).toBe(200);
    expect((await call('/addressBook/addressBookMemberDetail', { id: a.body.data.id })).status).toBe(400);
  });

  it('keeps a sub-account out of the enterprise address book', async () => {
    const g = await addGroup('企业分组');
    const m = (await call('/addressBook/addressBookMemberAdd', { groupId: g, name: '王五', mobile: '13900000001' }))
      .body.data.id;
    const own = await addGroup('我的分组', user);
    expect((await call('/addressBook/groupList', {}, user)).body.data.data.map((x: any) => x.groupId)).toEqual([own]);
    expect((await call('/addressBook/list', {}, user)).body.data.total).toBe(0);
    expect((await call('/addressBook/addressBookGroupDetail', { groupId: g }, user)).body.message).toBe(
      'No such group',
    );
    expect((await call('/addressBook/addressBookMemberDetail', { id: m }, user)).body.message).toBe('No such contact');
    expect((await call('/addressBook/addressBookMemberDel', { ids: [m] }, user)).status).toBe(400);
    expect((await call('/addressBook/addressBookGroupDel', { groupId: g }, user)).status).toBe(400);
    expect(
      (await call('/addressBook/addressBookMemberAdd', { groupId: g, name: 'x', mobile: '13900000002' }, user)).status,
    ).toBe(400);
    expect(
      (await call('/addressBook/addressBookMemberMod', { id: m, groupId: own, name: 'x', mobile: '13900000002' }, user))
        .status,
    ).toBe(400);
    expect((await call('/addressBook/groupMobileDetail', { groupIds: [g] }, user)).body.data).toEqual({
      mobiles: [],
      count: 0,
    });
    expect((await call('/addressBook/memberPull', { checkpoint: null }, user)).body.data.documents).toEqual([]);
    expect((await call('/addressBook/addressBookMemberDetail', { id: m })).body.data.name).toBe('王五');
  });

  it('imports an xlsx with per-row errors and duplicates reported in a downloadable sheet', async () => {
    const g = await addGroup('导入');
    await call('/addressBook/addressBookMemberAdd', { groupId: g, name: '已有', mobile: '13700000009' });
    const sheet = await xlsx([
      ['甲', '13700000001', 'a@example.com', 'J1', '男', '1991-02-03', '备注'],
      ['乙', '1370000', '', '', '', '', ''],
      ['', '13700000003', '', '', '', '', ''],
      ['丁', '13700000001', '', '', '', '', ''],
      ['戊', '13700000009', '', '', '', '', ''],
      ['己', '13700000006', 'not-an-email', '', '', '', ''],
      ['庚', '13700000007', '', '', '女', '', ''],
    ]);
    const up = await upload(p, '/file/uploadAddressBook', 'members.xlsx', sheet, admin);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ rowCount: 7, url: '' });
    const r = await call(
      '/addressBook/addressBookMemberImport',
      { groupId: g, fileId: up.body.data.fileId },
      admin,
      'zh',
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('导入完成：成功 2 条，无效 3 条，重复 2 条');
    expect(r.body.data).toMatchObject({ imported: 2, invalid: 3, duplicates: 2 });
    const report = await fetchBytes(p, `/file/material?fileId=${r.body.data.reportFileId}`, admin);
    expect(report.status).toBe(200);
    expect(report.type).toContain('spreadsheetml');
    const rows = await readXlsx(report.bytes);
    expect(rows.map((x) => x[0])).toEqual(['行号', '3', '4', '5', '6', '7']);
    expect(rows[3][8]).toBe('与第 2 行手机号重复');
    expect(rows[4][8]).toBe('手机号已在分组中');
    expect((await fetchBytes(p, `/file/material?fileId=${r.body.data.reportFileId}`, user)).status).toBe(404);
    const m = (await call('/addressBook/list', { groupId: g, mobile: '13700000001' })).body.data.data[0];
    expect(m).toMatchObject({
      name: '甲',
      email: 'a@example.com',
      jobNumber: 'J1',
      gender: 'male',
      birthday: '1991-02-03',
      remark: '备注',
    });
    expect((await call('/addressBook/addressBookGroupDetail', { groupId: g })).body.data.memberCount).toBe(3);
    // a sub-account cannot import the enterprise's file, nor into the enterprise's group
    const own = await addGroup('sub import', user);
    expect(
      (await call('/addressBook/addressBookMemberImport', { groupId: own, fileId: up.body.data.fileId }, user)).status,
    ).toBe(400);
  });

  it('imports a legacy xls sheet the same way', async () => {
    const g = await addGroup('xls 导入');
    // a phone number stored as a number cell, one as text, one invalid
    const sheet = await xls([
      ['甲', 13700000101, '', '', '', '', ''],
      ['乙', '13700000102', '', '', '', '', ''],
      ['丙', '123', '', '', '', '', ''],
    ]);
    const up = await upload(p, '/file/uploadAddressBook', 'members.xls', sheet, admin);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ rowCount: 3 });
    const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId: up.body.data.fileId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ imported: 2, invalid: 1, duplicates: 0 });
    const mobiles = (await call('/addressBook/list', { groupId: g })).body.data.data
      .map((m: { mobile: string }) => m.mobile)
      .sort();
    expect(mobiles).toEqual(['13700000101', '13700000102']);
    // an xls that is not a readable workbook: a 400 in the caller's language, nothing imported
    const broken = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(broken);
    const bad = await upload(p, '/file/uploadAddressBook', 'broken.xls', broken, admin);
    expect(bad.status).toBe(400);
  });

  it('downloads members and the empty import sheet', async () => {
    const g = await addGroup('下载');
    await call('/addressBook/addressBookMemberAdd', { groupId: g, name: '=1+1', mobile: '13600000001' });
    const res = await fetch(`${p.base}/addressBook/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: JSON.stringify({ groupId: g }),
    });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await readXlsx(Buffer.from(await res.arrayBuffer()));
    expect(rows[0].slice(0, 2)).toEqual(['Name', 'Mobile']);
    expect(rows[1].slice(0, 2)).toEqual(['=1+1', '13600000001']);
    const tpl = await fetch(`${p.base}/addressBook/download`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: JSON.stringify({ template: true }),
    });
    expect((await readXlsx(Buffer.from(await tpl.arrayBuffer())))[0]).toEqual([
      'Name',
      'Mobile',
      'Email',
      'Job number',
      'Gender',
      'Birthday',
      'Remark',
    ]);
  });

  it(
    `imports ${BIG.toLocaleString('en')} rows streamed, reporting the bad and repeated ones`,
    { timeout: 300_000 },
    async () => {
      const g = await addGroup('十万');
      const up = await upload(p, '/file/uploadAddressBook', 'big.xlsx', await bigImport(), admin);
      expect(up.status).toBe(200);
      expect(up.body.data.rowCount).toBe(BIG);
      const started = Date.now();
      const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId: up.body.data.fileId });
      console.log(`[address-book ${kind}] import of ${BIG} rows: ${Date.now() - started} ms`);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ imported: BIG - 2 * BAD, invalid: BAD, duplicates: BAD });
      expect((await call('/addressBook/addressBookGroupDetail', { groupId: g })).body.data.memberCount).toBe(
        BIG - 2 * BAD,
      );
      const report = await readXlsx(
        (await fetchBytes(p, `/file/material?fileId=${r.body.data.reportFileId}`, admin)).bytes,
      );
      expect(report).toHaveLength(2 * BAD + 1);
    },
  );

  it('answers bad input with a 400, never a 5xx', async () => {
    const cases: Array<[string, unknown]> = [
      ['/addressBook/addressBookGroupAdd', { groupName: 'a\u0000' }],
      ['/addressBook/addressBookGroupAdd', { groupName: '组'.repeat(3000) }],
      ['/addressBook/addressBookMemberAdd', { groupId: 'x'.repeat(3000), name: 'n', mobile: '13800000001' }],
      ['/addressBook/addressBookMemberAdd', { groupId: 'nope', name: 'n', mobile: '13800000001' }],
      ['/addressBook/addressBookMemberAdd', { groupId: 'nope', name: 'n', mobile: 13800000001 }],
      ['/addressBook/addressBookMemberDel', { ids: [] }],
      ['/addressBook/addressBookMemberDel', { ids: ['\ud800'] }],
      ['/addressBook/groupMobileDetail', { groupIds: 'x' }],
      ['/addressBook/addressBookMemberImport', { groupId: 'nope', fileId: 'nope' }],
      ['/addressBook/list', { pageNumber: 2 ** 31, pageSize: -1 }],
    ];
    for (const [path, body] of cases) {
      const r = await call(path, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
  });
});
