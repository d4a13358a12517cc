import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MIME } from '../../contract/xlsx-sheet';
import { saveFile } from '../../platform/library/files';
import { bombWorkbook, hostileWorkbooks, ownWorkbook } from '../helpers/hostile-sheets';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { PNG, upload } from './library.fixtures';
import { tokenFor } from './send.fixtures';

// Hostile spreadsheets over HTTP on both storages: a zip bomb and a sheet built to make a parser slow are refused with
// a localized 400 on upload, import and number check while the platform keeps answering; sheets and import reports
// are never cached; upload names lose the bidirectional controls that disguise them.

const TOO_COMPLEX = {
  zh: '文件解压后过大或结构过于复杂，无法读取，请只保留需要的工作表和数据后重新上传',
  en: 'The file is too large once unpacked or too complex to read; keep only the sheet and data you need and upload it again',
};

describe.each(DB_KINDS)('hostile sheet uploads on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  let hostile: Record<string, Buffer>;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    hostile = await hostileWorkbooks();
  });

  const alive = async () => (await p.call('/setting/getClientWebSiteBeian', {})).status;
  const stored = async () =>
    Number((await p.ctx.db.query<{ n: number }>('select count(*)::int as n from library_files'))[0].n);

  it('refuses a zip bomb on both sheet uploads with a localized 400, keeps nothing and answers the next request', async () => {
    const bomb = await bombWorkbook(1500);
    expect(bomb.length).toBeLessThan(2 * 2 ** 20);
    const before = await stored();
    for (const path of ['/file/upload', '/file/uploadAddressBook']) {
      for (const lang of ['zh', 'en'] as const) {
        const r = await upload(p, path, 'members.xlsx', bomb, admin, lang);
        expect(r.status, `${path} ${lang}`).toBe(400);
        expect(r.body.message).toBe(TOO_COMPLEX[lang]);
      }
      // one that claims a small size is stopped where its claim ends
      expect((await upload(p, path, 'members.xlsx', hostile.lyingBomb, admin)).status).toBe(400);
      expect(await alive()).toBe(200);
    }
    expect(await stored()).toBe(before);
  });

  it('answers a sheet of unclosed tags, and answers other requests while it is read', async () => {
    const slow = upload(p, '/file/upload', 'numbers.xlsx', hostile.unclosedRows, admin, 'en');
    const meanwhile = await alive();
    const r = await slow;
    expect(meanwhile).toBe(200);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(TOO_COMPLEX.en);
    const shared = await upload(
      p,
      '/file/uploadAddressBook',
      'members.xlsx',
      hostile.unclosedSharedStrings,
      admin,
      'zh',
    );
    expect(shared.status).toBe(400);
    expect(shared.body.message).toBe(TOO_COMPLEX.zh);
    expect(await alive()).toBe(200);
  });

  it('refuses a stored sheet that passes the budget on import and on number check with the same 400', async () => {
    // the upload refuses such a file; one stored before the budget existed reaches import and number check
    const bomb = await bombWorkbook(1500);
    const f = await saveFile(p.ctx, {
      cusId: 'EP0001',
      kind: 'sheet',
      fileName: 'old.xlsx',
      contentType: XLSX_MIME,
      bytes: bomb,
      rowCount: 1,
    });
    const group = (await p.call('/addressBook/addressBookGroupAdd', { groupName: 'bomb' }, { token: admin })).body.data
      .groupId as string;
    const imported = await p.call(
      '/addressBook/addressBookMemberImport',
      { groupId: group, fileId: f.file_id },
      { token: admin, lang: 'zh' },
    );
    expect(imported.status).toBe(400);
    expect(imported.body.message).toBe(TOO_COMPLEX.zh);
    const checked = await p.call('/mobileStatus/batchCheck', { fileId: f.file_id }, { token: admin, lang: 'en' });
    expect(checked.status).toBe(400);
    expect(checked.body.message).toBe(TOO_COMPLEX.en);
    expect(await alive()).toBe(200);
  });

  it('serves sheets and import reports with no-store, media with private caching', async () => {
    const material = async (fileId: string) =>
      fetch(`${p.base}/file/material?fileId=${fileId}`, { headers: { Authorization: `Bearer ${admin}` } });
    const sheet = await upload(
      p,
      '/file/uploadAddressBook',
      'members.xlsx',
      ownWorkbook([
        ['姓名', '手机号'],
        ['张三', '1380'],
      ]),
      admin,
    );
    expect(sheet.status).toBe(200);
    expect((await material(sheet.body.data.fileId)).headers.get('cache-control')).toBe('no-store');
    const group = (await p.call('/addressBook/addressBookGroupAdd', { groupName: 'cache' }, { token: admin })).body.data
      .groupId as string;
    const imported = await p.call(
      '/addressBook/addressBookMemberImport',
      { groupId: group, fileId: sheet.body.data.fileId },
      { token: admin },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data.reportFileId).toBeTruthy();
    expect((await material(imported.body.data.reportFileId)).headers.get('cache-control')).toBe('no-store');
    const media = await upload(p, '/file/uploadVideoMaterial', 'cover.png', PNG, admin);
    expect((await material(media.body.data.fileId)).headers.get('cache-control')).toBe('private, max-age=3600');
  });

  it('stores upload names without bidirectional control characters', async () => {
    const name = 'report\u202Excod\u200F\u2066\u061C.xlsx';
    const r = await upload(p, '/file/upload', name, ownWorkbook([['mobile'], ['13800138000']]), admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fileName: 'reportxcod.xlsx', rowCount: 1 });
    const res = await fetch(`${p.base}/file/material?fileId=${r.body.data.fileId}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''reportxcod.xlsx`);
    const [row] = await p.ctx.db.query<{ file_name: string }>(
      'select file_name from library_files where file_id = $1',
      [r.body.data.fileId],
    );
    expect(row.file_name).toBe('reportxcod.xlsx');
  });
});
