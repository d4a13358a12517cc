import { beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_VECTORS } from '../../contract/validation/number-vectors';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { upload, xls, xlsx } from './library.fixtures';
import { tokenFor } from './send.fixtures';

// Address-book import takes what the send forms and Excel take: every mainland mobile of the shared number table in
// the form it is written there (stored as its 11 digits; any other number refused), and a birthday typed into Excel as
// a date (a date cell, which an xlsx holds as Excel's day number) stored as YYYY-MM-DD, from xlsx and legacy xls alike.
describe.each(DB_KINDS)('address-book import of written forms on %s', (kind) => {
  const p = platformFor(kind, { dataDir: null });
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
  });
  const call = (path: string, body: unknown) => p.call(path, body, { token: admin, lang: 'en' });

  async function importSheet(name: string, bytes: Buffer) {
    const g = (await call('/addressBook/addressBookGroupAdd', { groupName: `forms ${name}` })).body.data
      .groupId as string;
    const up = await upload(p, '/file/uploadAddressBook', name, bytes, admin);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const r = await call('/addressBook/addressBookMemberImport', { groupId: g, fileId: up.body.data.fileId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const members = (await call('/addressBook/list', { groupId: g, pageSize: 100 })).body.data.data as Array<{
      name: string;
      mobile: string;
      birthday: string;
    }>;
    return { answer: r.body.data, members: new Map(members.map((m) => [m.name, m])) };
  }

  it('stores every mainland mobile of the number table as its 11 digits and refuses every other number', async () => {
    const { answer, members } = await importSheet(
      'numbers.xlsx',
      await xlsx(NUMBER_VECTORS.map((v, i) => [`n${i}`, v.raw, '', '', '', '', ''])),
    );
    const domestic = NUMBER_VECTORS.filter((v) => v.kind === 'domestic');
    expect(answer).toMatchObject({
      imported: domestic.length,
      invalid: NUMBER_VECTORS.length - domestic.length,
      duplicates: 0,
    });
    NUMBER_VECTORS.forEach((v, i) =>
      expect(members.get(`n${i}`)?.mobile, v.raw).toBe(v.kind === 'domestic' ? v.stored : undefined),
    );
  });

  it('stores a birthday typed as an Excel date, from xlsx and xls', async () => {
    const rows = [
      ['甲', '13700000201', '', '', '', new Date(Date.UTC(1991, 1, 3)), ''],
      ['乙', '13700000202', '', '', '', '1992-03-04', ''],
    ];
    for (const [name, bytes] of [
      ['birthdays.xlsx', await xlsx(rows)],
      ['birthdays.xls', await xls(rows)],
    ] as const) {
      const { answer, members } = await importSheet(name, bytes);
      expect(answer, name).toMatchObject({ imported: 2, invalid: 0 });
      expect([members.get('甲')?.birthday, members.get('乙')?.birthday], name).toEqual(['1991-02-03', '1992-03-04']);
    }
  });
});
