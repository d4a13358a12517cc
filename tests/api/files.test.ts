import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../contract/constants';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { EXE, fetchBytes, JPEG, MP3, MP4, PNG, upload, xlsx } from './library.fixtures';
import { tokenFor } from './send.fixtures';

// Uploads on both storages: the type is read from the bytes, the size is capped, a refused upload leaves nothing
// behind (no row, no file under DATA_DIR), and a material is served only to its own account with its content type.
// With PGlite the bytes live under DATA_DIR; with PostgreSQL (DATABASE_URL) in the database, for every instance.
describe.each(DB_KINDS)('file uploads on %s', (kind) => {
  let p: TestPlatform;
  let admin: string;
  let user: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'library-files-'));
  beforeAll(async () => {
    p = await startPlatform(kind, { dataDir });
    [admin, user] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });
  afterAll(async () => {
    await p?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = async () =>
    Number((await p.ctx.db.query<{ n: number }>('select count(*)::int as n from library_files'))[0].n);
  const filesOnDisk = () => {
    const dir = join(dataDir, 'library');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).length > 20).length : 0;
  };

  it('stores a material where the storage says and serves it only to its account, with its content type', async () => {
    const r = await upload(p, '/file/uploadVideoMaterial', 'cover.png', PNG, user);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ fileName: 'cover.png', size: PNG.length, rowCount: null });
    const [row] = await p.ctx.db.query<{ path: string | null; has_data: boolean }>(
      'select path, data is not null as has_data from library_files where file_id = $1',
      [r.body.data.fileId],
    );
    if (kind === 'postgres') expect(row).toEqual({ path: null, has_data: true });
    else {
      expect(row.has_data).toBe(false);
      expect(row.path?.startsWith(join(dataDir, 'library', 'SUB001'))).toBe(true);
    }
    const own = await fetchBytes(p, `/file/material?fileId=${r.body.data.fileId}`, user);
    expect(own.status).toBe(200);
    expect(own.type).toBe('image/png');
    expect(own.bytes.equals(PNG)).toBe(true);
    // a token never travels in a URL: as a query parameter it opens nothing
    const viaQuery = await fetchBytes(p, `/file/material?fileId=${r.body.data.fileId}&token=${user}`);
    expect(viaQuery.status).toBe(401);
    // the enterprise admin (userType 1) may see its sub-account's material; an agent of another branch may not
    expect((await fetchBytes(p, `/file/material?fileId=${r.body.data.fileId}`, admin)).status).toBe(200);
    const agent = await tokenFor(p, 'agent');
    expect((await fetchBytes(p, `/file/material?fileId=${r.body.data.fileId}`, agent)).status).toBe(404);
    expect((await fetchBytes(p, `/file/material?fileId=${r.body.data.fileId}`)).status).toBe(401);

    for (const [name, bytes, type] of [
      ['a.jpg', JPEG, 'image/jpeg'],
      ['a.mp4', MP4, 'video/mp4'],
      ['a.mp3', MP3, 'audio/mpeg'],
    ] as const) {
      const up = await upload(p, '/file/uploadCspMaterial', name, bytes, admin);
      expect(up.status, name).toBe(200);
      expect((await fetchBytes(p, `/file/material?fileId=${up.body.data.fileId}`, admin)).type).toBe(type);
    }
  });

  it('refuses wrong types by content and leaves nothing behind', async () => {
    const before = [await stored(), filesOnDisk()];
    const cases: Array<[string, string, Buffer, string]> = [
      [
        '/file/uploadVideoMaterial',
        'virus.png',
        EXE,
        'Only image, video or audio files can be uploaded (jpg, png, gif, mp4, 3gp, mp3, aac, amr)',
      ],
      ['/file/uploadVideoMaterial', 'photo.jpg', PNG, 'The file content does not match its extension'],
      [
        '/file/uploadVideoMaterial',
        'sheet.xlsx',
        PNG,
        'Only image, video or audio files can be uploaded (jpg, png, gif, mp4, 3gp, mp3, aac, amr)',
      ],
      ['/file/uploadAddressBook', 'members.xlsx', PNG, 'Only xls/xlsx files can be uploaded'],
      ['/file/uploadAddressBook', 'members.xlsx', EXE, 'Only xls/xlsx files can be uploaded'],
      ['/file/uploadAddressBook', 'members.png', PNG, 'Only xls/xlsx files can be uploaded'],
      ['/file/upload', 'empty.xlsx', Buffer.alloc(0), 'The file is empty'],
    ];
    for (const [path, name, bytes, message] of cases) {
      const r = await upload(p, path, name, bytes, admin);
      expect(r.status, `${path} ${name}`).toBe(400);
      expect(r.body.message, `${path} ${name}`).toBe(message);
    }
    // a zip that is no workbook
    const fakeXlsx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04]),
      Buffer.from('[Content_Types].xml xl/ garbage'),
    ]);
    expect((await upload(p, '/file/upload', 'numbers.xlsx', fakeXlsx, admin)).status).toBe(400);
    expect([await stored(), filesOnDisk()]).toEqual(before);
  });

  it('refuses an upload over 15 MB with 413 and keeps nothing', async () => {
    const before = [await stored(), filesOnDisk()];
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES, 1)]);
    const r = await upload(p, '/file/uploadVideoMaterial', 'huge.png', big, admin, 'zh');
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('文件不能超过 15 MB');
    expect([await stored(), filesOnDisk()]).toEqual(before);
  });

  it('reads the row count of an xlsx number list', async () => {
    const sheet = await xlsx([['13800000001'], ['13800000002'], [''], ['13800000003']], ['mobile']);
    const r = await upload(p, '/file/upload', 'numbers.xlsx', sheet, admin);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rowCount: 3, url: '', fileName: 'numbers.xlsx' });
  });

  it('answers a request without a file or a token', async () => {
    expect((await upload(p, '/file/upload', 'a.xlsx', PNG)).status).toBe(401);
    const json = await p.call('/file/upload', { file: 'x' }, { token: admin });
    expect(json.status).toBe(400);
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await fetch(`${p.base}/file/uploadCspMaterial`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect((await fetchBytes(p, `/file/material?fileId=${'\u0000'}`, admin)).status).toBe(400);
    expect((await fetchBytes(p, '/file/material?fileId=01ARZ3NDEKTSV4RRFFQ69G5FAV', admin)).status).toBe(404);
  });
});
