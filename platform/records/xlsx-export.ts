import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../contract/constants';

// Streams a real .xlsx into the reply: rows are written as they come from a keyset cursor, so a large export never
// sits in memory. Headers are localized; text cells that a spreadsheet would read as a formula are escaped.

export interface Column<R> {
  label: Record<Language, string>;
  /** the row field, or a function of the row. */
  value: keyof R | ((row: R) => unknown);
  /** epoch ms shown as local time of the tenant. */
  time?: boolean;
  width?: number;
}

const FORMULA_START = /^[=+\-@\t\r]/;
/** A leading = + - @ (or tab/CR) would make the cell a formula when opened: prefix an apostrophe. */
export function escapeCell(v: unknown): unknown {
  if (typeof v === 'string' && FORMULA_START.test(v)) return `'${v}`;
  return v;
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
export const formatTime = (epochMs: number) => timeFormat.format(new Date(epochMs));

/** Answers the reply with a workbook of one sheet; resolves when the last byte is handed to the socket. */
export async function sendXlsx<R>(reply: FastifyReply, lang: Language, name: string, columns: Column<R>[], rows: AsyncIterable<R>): Promise<void> {
  const out = new PassThrough();
  const file = `${name}-${Date.now()}.xlsx`;
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('Cache-Control', 'no-store');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((c, i) => ({ header: c.label[lang], key: `c${i}`, width: c.width ?? 18 }));
  const cellOf = (c: Column<R>, row: R) => {
    const v = typeof c.value === 'function' ? c.value(row) : row[c.value];
    if (v === null || v === undefined) return '';
    if (c.time) return formatTime(Number(v));
    return escapeCell(v);
  };
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  void reply.send(out);
  try {
    for await (const row of rows) sheet.addRow(columns.map((c) => cellOf(c, row))).commit();
    sheet.commit();
    await workbook.commit();
  } catch (err) {
    // headers are gone already: all that is left is to cut the download short
    reply.log.error({ err }, 'export failed');
    out.destroy(err as Error);
    return;
  }
  await done.catch(() => undefined);
}
