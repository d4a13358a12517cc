import JSZip from 'jszip';
import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart, XLSX_MIME } from '../../contract/xlsx-sheet';
import type { AppContext } from '../core/context';
import { slicer } from '../db/slices';
import { saveFile } from './files';

// An import's report as a downloadable sheet (a header row, then a row per reported line), kept in the account's
// file store. Its rows are written with turns to the event loop: a report of 100,000 lines must not hold requests.

export interface SheetReport {
  cusId: string;
  fileName: string;
  header: string[];
  /** column widths in characters, one per header cell */
  widths: number[];
  rows: Array<Array<string | number>>;
}

/** Writes the report and answers its file id. */
export async function saveSheetReport(ctx: AppContext, r: SheetReport): Promise<string> {
  const pause = slicer();
  const xml: string[] = [];
  for (let i = 0; i < r.rows.length; i++) {
    xml.push(rowXml(r.rows[i], i + 2));
    await pause();
  }
  const zip = new JSZip();
  for (const [path, content] of Object.entries(packageParts('report'))) zip.file(path, content);
  zip.file(SHEET_PATH, sheetStart(r.widths) + rowXml(r.header, 1, true) + xml.join('') + SHEET_END);
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const f = await saveFile(ctx, {
    cusId: r.cusId,
    kind: 'report',
    fileName: r.fileName,
    contentType: XLSX_MIME,
    bytes,
    rowCount: r.rows.length,
  });
  return f.file_id;
}
