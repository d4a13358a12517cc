import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import JSZip from 'jszip';
import type { Language } from '../../contract/constants';
import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart, XLSX_MIME, type SheetCell } from '../../contract/xlsx-sheet';

// Streams a real .xlsx into the reply: rows are written as they come from a keyset cursor, so a large export never
// sits in memory. Headers are localized; cells are written by contract/xlsx-sheet.ts (text stays literal text).

export interface Column<R> {
  label: Record<Language, string>;
  /** the row field, or a function of the row. */
  value: keyof R | ((row: R) => unknown);
  /** epoch ms shown as local time of the tenant. */
  time?: boolean;
  width?: number;
}

const TENANT_TZ = 'Asia/Shanghai';
const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TENANT_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
export const formatTime = (epochMs: number) => {
  const d = new Date(epochMs);
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
};

const ROWS_PER_CHUNK = 500;

/**
 * Answers the reply with a workbook of one sheet. The first row is read before anything is sent, so a query that
 * fails at once is an ordinary error answer; a failure later cuts the download short (the headers are gone) and is
 * logged, never left as an unhandled rejection.
 */
export async function sendXlsx<R>(reply: FastifyReply, lang: Language, name: string, columns: Column<R>[], rows: AsyncIterable<R>): Promise<void> {
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  const cellOf = (c: Column<R>, row: R): SheetCell => {
    const v = typeof c.value === 'function' ? c.value(row) : row[c.value];
    if (v === null || v === undefined) return '';
    if (c.time) return formatTime(Number(v));
    return typeof v === 'number' ? v : String(v);
  };
  async function* sheet() {
    yield sheetStart(columns.map((c) => c.width ?? 18));
    yield rowXml(columns.map((c) => c.label[lang]), 1, true);
    let n = 1;
    let chunk: string[] = [];
    for (let r = first; !r.done; r = await it.next()) {
      chunk.push(rowXml(columns.map((c) => cellOf(c, r.value)), ++n));
      if (chunk.length >= ROWS_PER_CHUNK) {
        yield chunk.join('');
        chunk = [];
      }
    }
    yield chunk.join('') + SHEET_END;
  }
  // JSZip reads string chunks of a Node stream as binary (one byte per char): hand it UTF-8 bytes
  const sheetStream = Readable.from((async function* () {
    for await (const part of sheet()) yield Buffer.from(part, 'utf8');
  })());
  const zip = new JSZip();
  for (const [path, content] of Object.entries(packageParts(name))) zip.file(path, content);
  zip.file(SHEET_PATH, sheetStream);
  const out: Readable = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } }) as unknown as Readable;
  // The headers are gone: the only honest signal left is to abort the transfer, so the client sees a failed
  // download instead of a well-ended but truncated file.
  sheetStream.on('error', (err) => {
    reply.log.error({ err }, 'export failed');
    out.destroy(err);
    reply.raw.destroy();
  });
  out.on('error', () => undefined);
  const file = `${name}-${Date.now()}.xlsx`;
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('Cache-Control', 'no-store');
  await reply.send(out);
}
