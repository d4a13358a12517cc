import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_IMPORT_MAX_ROWS } from '../../contract/constants';
import { IMPORT_BATCH } from '../../platform/library/member-import';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { fetchBytes, readXlsx, upload, xlsx } from './library.fixtures';
import { countRows, tokenFor, waitFor } from './send.fixtures';

// Address-book imports are refused over the row limit before anything is written, then written IMPORT_BATCH rows per
// transaction: every row lands once and the answer counts every row once, however the import is interrupted and
// rerun, and other callers are served while a large import is being written.

const memberRows = (n: number, from: number) => Array.from({ length: n }, (_, i) => [`m${from + i}`, String(from + i)]);
let overLimit: Promise<Buffer> | null = null;
let large: Promise<Buffer> | null = null;
const HEADER = ['姓名', '手机号'];

describe.each(DB_KINDS)('imports in batches on %s', (kind) => {
  const p = platformFor(kind, { dataDir: null });
  let admin: string;
  let other: string;
  beforeAll(async () => {
    [admin, other] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });

  const call = (path: string, body: unknown, opts: { lang?: 'zh' | 'en'; key?: string; token?: string } = {}) =>
    p.call(path, body, {
      token: opts.token ?? admin,
      lang: opts.lang ?? 'en',
      headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
    });
  const addGroup = async (groupName: string) =>
    (await call('/addressBook/addressBookGroupAdd', { groupName })).body.data.groupId as string;
  const uploaded = async (bytes: Buffer) => {
    const up = await upload(p, '/file/uploadAddressBook', 'members.xlsx', bytes, admin);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    return up.body.data.fileId as string;
  };
  const members = (g: string) =>
    p.ctx.db.query<{ n: number; mobiles: number }>(
      'select count(*)::int as n, count(distinct mobile)::int as mobiles from address_members where group_id = $1 and not deleted',
      [g],
    );
  const memberCount = async (g: string) =>
    (await call('/addressBook/addressBookGroupDetail', { groupId: g })).body.data.memberCount as number;
  /** Makes the database refuse a member's row (SQLSTATE `code`) until the returned function is called. */
  async function refuse(mobile: string, code: string) {
    const name = `refuse_member_${kind}_${mobile}`;
    await p.ctx.db
      .exec(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'refused %', new.mobile using errcode = '${code}'; end $$;
      create trigger ${name} before insert on address_members for each row when (new.mobile = '${mobile}') execute function ${name}();`);
    return () => p.ctx.db.exec(`drop trigger ${name} on address_members; drop function ${name}();`);
  }

  it(
    `refuses a sheet of more than ${MEMBER_IMPORT_MAX_ROWS.toLocaleString('en')} data rows in the caller's language, importing nothing`,
    { timeout: 300_000 },
    async () => {
      const rows = MEMBER_IMPORT_MAX_ROWS + 1;
      const fileId = await uploaded(await (overLimit ??= xlsx(memberRows(rows, 13000000000), HEADER)));
      const g = await addGroup('too many');
      const zh = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { lang: 'zh' });
      expect(zh.status).toBe(400);
      expect(zh.body).toMatchObject({
        type: 400,
        message: `文件有 ${rows} 行数据，一次最多导入 ${MEMBER_IMPORT_MAX_ROWS} 行，请拆分后再导入`,
        field: 'fileId',
      });
      // a sheet whose rows the upload did not count is counted while it is read, and refused before anything is written
      await p.ctx.db.query('update library_files set row_count = null where file_id = $1', [fileId]);
      const en = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { lang: 'en' });
      expect(en.status).toBe(400);
      expect(en.body.message).toBe(
        `The file has ${rows} data rows; at most ${MEMBER_IMPORT_MAX_ROWS} can be imported at once: split it and import each part`,
      );
      expect(await members(g)).toEqual([{ n: 0, mobiles: 0 }]);
      expect(await memberCount(g)).toBe(0);
    },
  );

  it('imports a sheet of several batches with every row once and the counts and report right', async () => {
    const g = await addGroup('batches');
    // already in the group: row 5 of the sheet and one of its last batch (row n holds mobile 13100000000 + n - 2)
    const lateRow = IMPORT_BATCH * 2 + 100;
    for (const mobile of ['13100000003', String(13100000000 + lateRow - 2)])
      await call('/addressBook/addressBookMemberAdd', { groupId: g, name: 'there', mobile });
    const rows: string[][] = memberRows(IMPORT_BATCH * 2 + 600, 13100000000);
    rows[10][1] = '12345'; // invalid
    rows[IMPORT_BATCH + 7][1] = rows[4][1]; // repeats a row of the first batch in the second
    rows[IMPORT_BATCH * 2 + 1][1] = 'x'; // invalid, third batch
    const fileId = await uploaded(await xlsx(rows, HEADER));
    const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { key: `batches-${kind}` });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = rows.length - 2 - 1 - 2;
    expect(r.body.data).toMatchObject({ imported: expected, invalid: 2, duplicates: 3 });
    expect(r.body.message).toBe(`Import finished: ${expected} imported, 2 invalid, 3 duplicates`);
    expect(await members(g)).toEqual([{ n: expected + 2, mobiles: expected + 2 }]);
    expect(await memberCount(g)).toBe(expected + 2);
    const report = await readXlsx(
      (await fetchBytes(p, `/file/material?fileId=${r.body.data.reportFileId}`, admin)).bytes,
    );
    expect(report.slice(1).map((x) => Number(x[0]))).toEqual([5, 12, IMPORT_BATCH + 9, IMPORT_BATCH * 2 + 3, lateRow]);
    // the same key answers the same, writing nothing more
    const again = await call(
      '/addressBook/addressBookMemberImport',
      { groupId: g, fileId },
      { key: `batches-${kind}` },
    );
    expect(again.body).toEqual(r.body);
    expect(await members(g)).toEqual([{ n: expected + 2, mobiles: expected + 2 }]);
  });

  it('finishes an import cut short by a failure when it is retried, with the counts of one whole import', async () => {
    const g = await addGroup('cut short');
    const rows = memberRows(IMPORT_BATCH * 3, 13200000000);
    const fileId = await uploaded(await xlsx(rows, HEADER));
    // the second batch fails as a lost connection would
    const allow = await refuse(rows[IMPORT_BATCH + 3][1], '57P01');
    const key = `cut-${kind}`;
    const failed = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { key });
    expect(failed.status).toBe(500);
    // the first batch is in, counted; nothing of the second is half there
    expect(await members(g)).toEqual([{ n: IMPORT_BATCH, mobiles: IMPORT_BATCH }]);
    expect(await memberCount(g)).toBe(IMPORT_BATCH);
    await allow();
    const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ imported: rows.length, invalid: 0, duplicates: 0, reportFileId: null });
    expect(await members(g)).toEqual([{ n: rows.length, mobiles: rows.length }]);
    expect(await memberCount(g)).toBe(rows.length);
    // without the key, the same file again: the same final set, every row a duplicate
    const rerun = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId });
    expect(rerun.body.data).toMatchObject({ imported: 0, invalid: 0, duplicates: rows.length });
    expect(await members(g)).toEqual([{ n: rows.length, mobiles: rows.length }]);
  });

  it("stops at a group deleted during the import with a 400, the rows written before left to the group's purge", async () => {
    const g = await addGroup('deleted meanwhile');
    const rows = memberRows(IMPORT_BATCH * 2, 13300000000);
    const fileId = await uploaded(await xlsx(rows, HEADER));
    // the group goes as the second batch is written (the trigger deletes it instead of refusing)
    const name = `delete_group_${kind}`;
    await p.ctx.db
      .exec(`create function ${name}() returns trigger language plpgsql as $$ begin update address_groups set deleted = true where group_id = new.group_id; return new; end $$;
      create trigger ${name} after insert on address_members for each row when (new.mobile = '${rows[IMPORT_BATCH - 1][1]}') execute function ${name}();`);
    try {
      const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId }, { lang: 'en' });
      expect(r.status).toBe(400);
      expect(r.body.field).toBe('groupId');
    } finally {
      await p.ctx.db.exec(`drop trigger ${name} on address_members; drop function ${name}();`);
    }
    expect(await members(g)).toEqual([{ n: IMPORT_BATCH, mobiles: IMPORT_BATCH }]);
  });

  it("answers another account's call while a large import is still being written", { timeout: 300_000 }, async () => {
    const g = await addGroup('large');
    const n = IMPORT_BATCH * 20;
    const fileId = await uploaded(await (large ??= xlsx(memberRows(n, 13400000000), HEADER)));
    let answered = false;
    const importing = call('/addressBook/addressBookMemberImport', { groupId: g, fileId }).then((r) => {
      answered = true;
      return r;
    });
    await waitFor(
      () => countRows(p, 'select 1 from address_members where group_id = $1', [g]),
      (c) => c > 0,
      120_000,
    );
    const list = await p.call('/mtRecord/list', { pageNumber: 1, pageSize: 20 }, { token: other });
    expect(list.status).toBe(200);
    expect(answered).toBe(false);
    expect(await countRows(p, 'select 1 from address_members where group_id = $1', [g])).toBeLessThan(n);
    const r = await importing;
    expect(r.body.data).toMatchObject({ imported: n });
    expect(await memberCount(g)).toBe(n);
  });
});
