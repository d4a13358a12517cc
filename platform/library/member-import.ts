import JSZip from 'jszip';
import { ulid } from 'ulid';
import type { Language } from '../../contract/constants';
import { translate } from '../../contract/messages';
import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart, XLSX_MIME } from '../../contract/xlsx-sheet';
import { addressBookMemberFormSchema } from '../../contract/validation/address-book.rules';
import type { CurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { ApiError, badRequest } from '../http/api-error';
import { recount, visibleGroup } from './address-book';
import { findFile, readFileBytes, saveFile } from './files';
import { notifyLibrary } from './notify';
import { SheetError, sheetFailureKey } from './sheet-errors';
import { sheetRows } from './sheets';

// Address-book import (spec §3): the sheet's columns are name, mobile, email, job number, gender, birthday, remark,
// after one header row. Rows are read as a stream, checked with the member form's rules and inserted 2,000 at a time;
// a mobile already in the group, or seen earlier in the file, is a duplicate. Skipped rows go to a report sheet.

export const IMPORT_COLUMNS = ['name', 'mobile', 'email', 'jobNumber', 'gender', 'birthday', 'remark'] as const;
const BATCH = 2000;

const GENDERS: Record<string, '' | 'male' | 'female'> = { '': '', 男: 'male', male: 'male', m: 'male', 女: 'female', female: 'female', f: 'female' };

interface Skipped {
  row: number;
  cells: string[];
  reason: string;
}

export async function importMembers(ctx: AppContext, user: CurrentUser, lang: Language, groupId: string, fileId: string) {
  const group = await visibleGroup(ctx.db, user, groupId);
  const file = await findFile(ctx.db, fileId, user.visibleCusIds);
  if (!file || file.kind !== 'sheet') throw badRequest('library.fileNotFound', {}, 'fileId');
  const bytes = await readFileBytes(ctx, file);

  const skipped: Skipped[] = [];
  const seen = new Map<string, number>();
  let imported = 0;
  let invalid = 0;
  let duplicates = 0;
  const now = ctx.now();
  // one ulid per import and a row counter: ulid() draws a random byte per character, ~0.2 ms an id (20 s per 100k)
  const stem = `AM${ulid()}`;
  let n = 0;
  await ctx.db.tx(async (q) => {
    let pending: Array<{ row: number; cells: string[]; rec: Record<string, string> }> = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const batch = pending;
      pending = [];
      const inserted = await q.query<{ mobile: string }>(
        `insert into address_members(id, cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark, create_time)
         select r.id, $2, $3, r.name, r.mobile, r.email, r."jobNumber", r.gender, r.birthday, r.remark, $4
           from jsonb_to_recordset($1::jsonb) as r(id text, name text, mobile text, email text, "jobNumber" text, gender text, birthday text, remark text)
         on conflict (group_id, mobile) where deleted = false do nothing
         returning mobile`,
        [JSON.stringify(batch.map((b) => b.rec)), group.cus_id, group.group_id, now],
      );
      const got = new Set(inserted.map((r) => r.mobile));
      imported += got.size;
      for (const b of batch) {
        if (got.has(b.rec.mobile)) continue;
        duplicates++;
        skipped.push({ row: b.row, cells: b.cells, reason: translate(lang, 'library.importDuplicateInGroup') });
      }
    };
    try {
      for await (const { row, cells } of sheetRows(bytes)) {
        if (row === 1 || cells.every((c) => c.trim() === '')) continue;
        const [name, mobile, email, jobNumber, gender, birthday, remark] = IMPORT_COLUMNS.map((_, i) => (cells[i] ?? '').trim());
        const parsed = addressBookMemberFormSchema.safeParse({ name, mobile, email, groupId, jobNumber, gender: GENDERS[gender.toLowerCase()] ?? gender, birthday, remark });
        if (!parsed.success) {
          invalid++;
          skipped.push({ row, cells, reason: translate(lang, parsed.error.issues[0]?.message ?? 'error.unknown') });
          continue;
        }
        const m = parsed.data;
        const first = seen.get(m.mobile);
        if (first !== undefined) {
          duplicates++;
          skipped.push({ row, cells, reason: translate(lang, 'library.importDuplicateInFile', { row: first }) });
          continue;
        }
        seen.set(m.mobile, row);
        pending.push({
          row,
          cells,
          rec: { id: `${stem}${String(n++).padStart(7, '0')}`, name: m.name, mobile: m.mobile, email: m.email ?? '', jobNumber: m.jobNumber ?? '', gender: m.gender ?? '', birthday: m.birthday ?? '', remark: m.remark ?? '' },
        });
        if (pending.length >= BATCH) await flush();
      }
    } catch (err) {
      // a sheet that cannot be read, or passes a reading budget, is the caller's bad input; database failures stay failures
      if (err instanceof SheetError) throw badRequest(sheetFailureKey(err.reason), {}, 'fileId');
      if (err instanceof ApiError || (typeof err === 'object' && err !== null && 'code' in err && typeof (err as { code: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code))) throw err;
      throw badRequest('library.uploadUnreadable', {}, 'fileId');
    }
    await flush();
    await recount(q, [group.group_id]);
  });
  await notifyLibrary(ctx.db, 'addressMember', [group.cus_id]);
  await notifyLibrary(ctx.db, 'addressGroup', [group.cus_id]);
  skipped.sort((a, b) => a.row - b.row);
  const report = skipped.length ? await saveReport(ctx, group.cus_id, lang, skipped) : null;
  return { imported, invalid, duplicates, reportFileId: report };
}

async function saveReport(ctx: AppContext, cusId: string, lang: Language, skipped: Skipped[]): Promise<string> {
  const label = (k: string) => translate(lang, `library.col.${k}`);
  const header = [label('row'), ...IMPORT_COLUMNS.map(label), label('reason')];
  const rows = skipped.map((s, i) => rowXml([s.row, ...IMPORT_COLUMNS.map((_, c) => s.cells[c] ?? ''), s.reason], i + 2)).join('');
  const zip = new JSZip();
  for (const [path, content] of Object.entries(packageParts('report'))) zip.file(path, content);
  zip.file(SHEET_PATH, sheetStart(header.map(() => 18)) + rowXml(header, 1, true) + rows + SHEET_END);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const f = await saveFile(ctx, {
    cusId,
    kind: 'report',
    fileName: `import-report-${Date.now()}.xlsx`,
    contentType: XLSX_MIME,
    bytes,
    rowCount: skipped.length,
  });
  return f.file_id;
}
