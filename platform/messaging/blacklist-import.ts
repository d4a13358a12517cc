import type { Language } from '../../contract/constants';
import {
  BLACKLIST_IMPORT_MAX_ROWS,
  blacklistNumber,
  IMPORT_REPORT_SHOWN,
} from '../../contract/endpoints/mobile-black.endpoints';
import { translate } from '../../contract/messages';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { giveTurn } from '../db/fair-share';
import { slicer } from '../db/slices';
import { ApiError, badRequest } from '../http/api-error';
import { findFile, readFileBytes } from '../library/files';
import { saveSheetReport } from '../library/sheet-report';
import { SheetError, sheetFailureKey } from '../library/sheet-errors';
import { sheetRows } from '../library/sheets';
import { addEntries, notifyBlacklist } from './blacklist-list';

// Blacklist import: the numbers of an uploaded sheet (xlsx or xls, within the upload rules the address book's import
// uses: the same file store, reader and reading budget), first column, after one header row. The whole sheet is read
// and checked first, then its numbers are added a slice per short transaction, taking turns with other requests.
// Every row gets an outcome: added, duplicate (earlier in the file, or already listed) or invalid with why.

/** Numbers per transaction: one insert statement over the blacklist's four indexes stays a few ms on PGlite. */
const SLICE = 1000;

type Result = 'added' | 'duplicate' | 'invalid';
interface RowOutcome {
  row: number;
  mobile: string;
  result: Result;
  reason: string | null;
}

async function readNumbers(bytes: Buffer, lang: Language) {
  const rows: Array<RowOutcome & { stored: string | null }> = [];
  const seen = new Map<string, number>();
  let dataRows = 0;
  const pause = slicer();
  try {
    for await (const { row, cells } of sheetRows(bytes)) {
      if (row === 1 || cells.every((c) => c.trim() === '')) continue;
      if (++dataRows > BLACKLIST_IMPORT_MAX_ROWS) continue;
      const written = (cells[0] ?? '').trim().slice(0, 40);
      const stored = blacklistNumber(written);
      await pause();
      if (stored === null) {
        rows.push({
          row,
          mobile: written,
          result: 'invalid',
          reason: translate(lang, 'blacklist.invalidNumber', { mobile: written }),
          stored,
        });
        continue;
      }
      const first = seen.get(stored);
      if (first !== undefined) {
        rows.push({
          row,
          mobile: written,
          result: 'duplicate',
          reason: translate(lang, 'blacklist.importDuplicateInFile', { row: first }),
          stored: null,
        });
        continue;
      }
      seen.set(stored, row);
      rows.push({ row, mobile: written, result: 'added', reason: null, stored });
    }
  } catch (err) {
    if (err instanceof SheetError) throw badRequest(sheetFailureKey(err.reason), {}, 'fileId');
    if (err instanceof ApiError) throw err;
    throw badRequest('library.uploadUnreadable', {}, 'fileId');
  }
  if (dataRows > BLACKLIST_IMPORT_MAX_ROWS)
    throw badRequest('blacklist.importTooManyRows', { rows: dataRows, max: BLACKLIST_IMPORT_MAX_ROWS }, 'fileId');
  return rows;
}

export async function importBlacklist(
  ctx: AppContext,
  user: CurrentUser,
  lang: Language,
  fileId: string,
  cusId: string,
  note: string | null,
) {
  const file = await findFile(ctx.db, fileId, readableCusIds(user, 'data'));
  if (!file || file.kind !== 'sheet') throw badRequest('library.fileNotFound', {}, 'fileId');
  if (file.row_count !== null && file.row_count > BLACKLIST_IMPORT_MAX_ROWS)
    throw badRequest('blacklist.importTooManyRows', { rows: file.row_count, max: BLACKLIST_IMPORT_MAX_ROWS }, 'fileId');
  const rows = await readNumbers(await readFileBytes(ctx, file), lang);
  const fresh = rows.filter((r) => r.result === 'added');
  const now = ctx.now();
  let sliceStart: number | null = null;
  for (let i = 0; i < fresh.length; i += SLICE) {
    const slice = fresh.slice(i, i + SLICE);
    if (sliceStart !== null) await giveTurn(ctx.db, sliceStart);
    sliceStart = performance.now();
    const added = await ctx.db.tx((q) =>
      addEntries(q, user, { mobiles: slice.map((r) => r.stored!), cusId, source: 'import', note }, now),
    );
    for (const r of slice)
      if (!added.has(r.stored!)) {
        r.result = 'duplicate';
        r.reason = translate(lang, 'blacklist.importAlreadyListed');
      }
  }
  if (fresh.length > 0) await notifyBlacklist(ctx.db, user);
  const count = (k: Result) => rows.filter((r) => r.result === k).length;
  const outcomes = rows.map(({ stored: _s, ...r }) => r);
  return {
    added: count('added'),
    duplicates: count('duplicate'),
    invalid: count('invalid'),
    rows: outcomes.slice(0, IMPORT_REPORT_SHOWN),
    reportFileId: rows.length > 0 ? await saveReport(ctx, user.cus_id, lang, outcomes) : null,
  };
}

function saveReport(ctx: AppContext, cusId: string, lang: Language, rows: RowOutcome[]): Promise<string> {
  const label = (k: string) => translate(lang, `blacklist.col.${k}`);
  return saveSheetReport(ctx, {
    cusId,
    fileName: `blacklist-import-${Date.now()}.xlsx`,
    header: [label('row'), label('mobile'), label('result'), label('reason')],
    widths: [10, 20, 12, 30],
    rows: rows.map((r) => [r.row, r.mobile, translate(lang, `blacklist.result.${r.result}`), r.reason ?? '']),
  });
}
