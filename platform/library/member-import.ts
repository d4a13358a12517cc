import { ulid } from 'ulid';
import { MEMBER_IMPORT_MAX_ROWS, type Language } from '../../contract/constants';
import { translate } from '../../contract/messages';
import { excelDateText } from '../../contract/xlsx-sheet';
import { addressBookMemberFormSchema } from '../../contract/validation/address-book.rules';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { giveTurn } from '../db/fair-share';
import { slicer } from '../db/slices';
import { ApiError, badRequest } from '../http/api-error';
import { recount, visibleGroup } from './address-book';
import { findFile, readFileBytes } from './files';
import { saveSheetReport } from './sheet-report';
import { notifyLibrary } from './notify';
import { SheetError, sheetFailureKey } from './sheet-errors';
import { sheetRows } from './sheets';

// Address-book import: the sheet's columns are name, mobile, email, job number, gender, birthday, remark, after one
// header row (a mobile in any form the send forms take, stored as its 11 digits; a birthday as a date cell or
// YYYY-MM-DD). The whole sheet is read and checked first (a sheet over MEMBER_IMPORT_MAX_ROWS data rows is refused
// before anything is written), then its members are inserted BATCH at a time, each batch its own short transaction
// with the import's progress (member_imports), taking turns with other requests between them (db/fair-share.ts):
// they never wait for more than one batch.
// A mobile already in the group, or seen earlier in the file, is a duplicate; skipped rows go to a report sheet.
// A run cut short (a crash, a lost connection) is finished by a retry with the same Idempotency-Key: batches already
// written are skipped by the progress row, and the answer counts every row once.

export const IMPORT_COLUMNS = ['name', 'mobile', 'email', 'jobNumber', 'gender', 'birthday', 'remark'] as const;
/** ~15 ms of PGlite's (synchronous) insert work per batch, with the member table's indexes: a request arriving
 * meanwhile waits for the batch to end (at 1,000 rows, 50-200 ms) */
export const IMPORT_BATCH = 250;

const GENDERS: Record<string, '' | 'male' | 'female'> = {
  '': '',
  男: 'male',
  male: 'male',
  m: 'male',
  女: 'female',
  female: 'female',
  f: 'female',
};

interface Skipped {
  row: number;
  cells: string[];
  reason: string;
}
interface Member {
  row: number;
  cells: string[];
  rec: {
    name: string;
    mobile: string;
    email: string;
    jobNumber: string;
    gender: string;
    birthday: string;
    remark: string;
  };
}
interface Job {
  import_id: string;
  next_row: number;
}

const isDbError = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  'code' in err &&
  typeof (err as { code: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((err as { code: string }).code);

const tooMany = (rows: number) =>
  badRequest('library.importTooManyRows', { rows, max: MEMBER_IMPORT_MAX_ROWS }, 'fileId');

/** Every data row of the sheet checked: the members to insert (first occurrence of each mobile) and the rows skipped. */
async function readMembers(bytes: Buffer, groupId: string, lang: Language) {
  const members: Member[] = [];
  const skipped: Skipped[] = [];
  const seen = new Map<string, number>();
  let dataRows = 0;
  let invalid = 0;
  const pause = slicer();
  try {
    for await (const { row, cells } of sheetRows(bytes)) {
      if (row === 1 || cells.every((c) => c.trim() === '')) continue;
      // past the limit the rows are only counted, so the refusal can say how many the file has
      if (++dataRows > MEMBER_IMPORT_MAX_ROWS) continue;
      const [name, mobile, email, jobNumber, gender, birthday, remark] = IMPORT_COLUMNS.map((_, i) =>
        (cells[i] ?? '').trim(),
      );
      const parsed = addressBookMemberFormSchema.safeParse({
        name,
        mobile,
        email,
        groupId,
        jobNumber,
        gender: GENDERS[gender.toLowerCase()] ?? gender,
        // a date cell of an xlsx reaches the reader as Excel's day number
        birthday: excelDateText(birthday),
        remark,
      });
      await pause();
      if (!parsed.success) {
        invalid++;
        skipped.push({ row, cells, reason: translate(lang, parsed.error.issues[0]?.message ?? 'error.unknown') });
        continue;
      }
      const m = parsed.data;
      const first = seen.get(m.mobile);
      if (first !== undefined) {
        skipped.push({ row, cells, reason: translate(lang, 'library.importDuplicateInFile', { row: first }) });
        continue;
      }
      seen.set(m.mobile, row);
      members.push({
        row,
        cells,
        rec: {
          name: m.name,
          mobile: m.mobile,
          email: m.email ?? '',
          jobNumber: m.jobNumber ?? '',
          gender: m.gender ?? '',
          birthday: m.birthday ?? '',
          remark: m.remark ?? '',
        },
      });
    }
  } catch (err) {
    // a sheet that cannot be read, or passes a reading budget, is the caller's bad input; database failures stay failures
    if (err instanceof SheetError) throw badRequest(sheetFailureKey(err.reason), {}, 'fileId');
    if (err instanceof ApiError || isDbError(err)) throw err;
    throw badRequest('library.uploadUnreadable', {}, 'fileId');
  }
  if (dataRows > MEMBER_IMPORT_MAX_ROWS) throw tooMany(dataRows);
  return { members, skipped, invalid };
}

/** The import's progress row: the one an earlier run with the same key left, or a new one. */
async function openJob(
  ctx: AppContext,
  user: CurrentUser,
  key: string | null,
  groupId: string,
  fileId: string,
): Promise<Job> {
  const importId = ulid();
  await ctx.db.query(
    `insert into member_imports(import_id, user_id, idem_key, group_id, file_id) values ($1, $2, $3, $4, $5)
     on conflict (user_id, idem_key) where idem_key is not null do nothing`,
    [importId, user.id, key, groupId, fileId],
  );
  const [job] =
    key === null
      ? await ctx.db.query<Job>('select import_id, next_row from member_imports where import_id = $1', [importId])
      : await ctx.db.query<Job>('select import_id, next_row from member_imports where user_id = $1 and idem_key = $2', [
          user.id,
          key,
        ]);
  return job;
}

/** One batch in one transaction with the progress it makes; rows an earlier run already wrote are left out. */
async function insertBatch(
  ctx: AppContext,
  job: Job,
  group: { group_id: string; cus_id: string },
  batch: Member[],
  now: Date,
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const [p] = await q.query<{ next_row: number }>(
      'select next_row from member_imports where import_id = $1 for update',
      [job.import_id],
    );
    const todo = batch.filter((b) => b.row > p.next_row);
    if (todo.length === 0) return;
    // the group's row locked: a group deleted meanwhile takes no more members (its members are being purged)
    const [g] = await q.query('select 1 from address_groups where group_id = $1 and not deleted for update', [
      group.group_id,
    ]);
    if (!g) throw badRequest('library.groupNotFound', {}, 'groupId');
    // ids follow the import and the sheet row, so no rerun can write a row twice
    const recs = todo.map((b) => ({ id: `AM${job.import_id}${String(b.row).padStart(7, '0')}`, ...b.rec }));
    const inserted = await q.query<{ mobile: string }>(
      `insert into address_members(id, cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark, create_time)
       select r.id, $2, $3, r.name, r.mobile, r.email, r."jobNumber", r.gender, r.birthday, r.remark, $4
         from jsonb_to_recordset($1::jsonb) as r(id text, name text, mobile text, email text, "jobNumber" text, gender text, birthday text, remark text)
       on conflict (group_id, mobile) where deleted = false do nothing
       returning mobile`,
      [JSON.stringify(recs), group.cus_id, group.group_id, now],
    );
    const got = new Set(inserted.map((r) => r.mobile));
    const dups = todo.filter((b) => !got.has(b.rec.mobile)).map((b) => b.row);
    await q.query('update address_groups set member_count = member_count + $2 where group_id = $1', [
      group.group_id,
      got.size,
    ]);
    await q.query(
      'update member_imports set next_row = $2, imported = imported + $3, group_dups = group_dups || $4::int[] where import_id = $1',
      [job.import_id, todo[todo.length - 1].row, got.size, dups],
    );
  });
}

export async function importMembers(
  ctx: AppContext,
  user: CurrentUser,
  lang: Language,
  groupId: string,
  fileId: string,
  idemKey: string | null = null,
) {
  const group = await visibleGroup(ctx.db, user, groupId);
  const file = await findFile(ctx.db, fileId, readableCusIds(user, 'data'));
  if (!file || file.kind !== 'sheet') throw badRequest('library.fileNotFound', {}, 'fileId');
  // the upload counted the sheet's data rows: a sheet over the limit is refused before it is read
  if (file.row_count !== null && file.row_count > MEMBER_IMPORT_MAX_ROWS) throw tooMany(file.row_count);
  const sheet = await readMembers(await readFileBytes(ctx, file), groupId, lang);

  const job = await openJob(ctx, user, idemKey, group.group_id, fileId);
  const now = ctx.now();
  let sliceStart: number | null = null;
  for (let i = 0; i < sheet.members.length; i += IMPORT_BATCH) {
    const batch = sheet.members.slice(i, i + IMPORT_BATCH);
    if (batch[batch.length - 1].row <= job.next_row) continue;
    // a slice is a batch's transaction and its notice: the others go first before the next one
    if (sliceStart !== null) await giveTurn(ctx.db, sliceStart);
    sliceStart = performance.now();
    await insertBatch(ctx, job, group, batch, now);
    // the rows are visible as each batch commits: say so
    await notifyLibrary(ctx.db, 'addressMember', [group.cus_id]);
  }
  await recount(ctx.db, [group.group_id]);
  await notifyLibrary(ctx.db, 'addressMember', [group.cus_id]);
  await notifyLibrary(ctx.db, 'addressGroup', [group.cus_id]);

  const [done] = await ctx.db.query<{ imported: number; group_dups: number[] }>(
    'select imported, group_dups from member_imports where import_id = $1',
    [job.import_id],
  );
  const inGroup = new Set(done.group_dups);
  const skipped = [...sheet.skipped];
  for (const m of sheet.members)
    if (inGroup.has(m.row))
      skipped.push({ row: m.row, cells: m.cells, reason: translate(lang, 'library.importDuplicateInGroup') });
  skipped.sort((a, b) => a.row - b.row);
  const report = skipped.length ? await saveReport(ctx, group.cus_id, lang, skipped) : null;
  return {
    imported: done.imported,
    invalid: sheet.invalid,
    duplicates: skipped.length - sheet.invalid,
    reportFileId: report,
  };
}

function saveReport(ctx: AppContext, cusId: string, lang: Language, skipped: Skipped[]): Promise<string> {
  const label = (k: string) => translate(lang, `library.col.${k}`);
  const header = [label('row'), ...IMPORT_COLUMNS.map(label), label('reason')];
  return saveSheetReport(ctx, {
    cusId,
    fileName: `import-report-${Date.now()}.xlsx`,
    header,
    widths: header.map(() => 18),
    rows: skipped.map((s) => [s.row, ...IMPORT_COLUMNS.map((_, c) => s.cells[c] ?? ''), s.reason]),
  });
}
