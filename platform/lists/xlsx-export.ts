import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Language } from '../../contract/constants';
import {
  packageParts,
  rowXml,
  SHEET_END,
  SHEET_PATH,
  sheetStart,
  XLSX_MIME,
  type SheetCell,
} from '../../contract/xlsx-sheet';
import { EXPORT_CHUNK_ROWS } from './list-query';
import { zipStream } from './zip-stream';

// Streams a real .xlsx into the reply: rows are written as they come from keyset chunks (list-query.ts rowsOf) and
// zipped as they go (zip-stream.ts), so a large export never sits in memory nor holds the event loop. Headers are
// localized; cells are written by contract/xlsx-sheet.ts (text stays literal text).

export interface Column<R> {
  label: Record<Language, string>;
  /** the row field, or a function of the row. */
  value: keyof R | ((row: R) => unknown);
  /** epoch ms shown as local time of the tenant. */
  time?: boolean;
  width?: number;
  /** a delivery outcome, left out for a user who may not see outcomes (records/client-status.ts). */
  outcome?: boolean;
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

/** a chunk of the row walk (list-query.ts): its rows' XML is written, and the loop turned, before the next query */
const ROWS_PER_CHUNK = EXPORT_CHUNK_ROWS;

export interface ExportEnd {
  name: string;
  /** data rows written. */
  rows: number;
  /** the client left before the end: the walk stopped there. */
  left: boolean;
  error?: unknown;
}
/** 'end' (ExportEnd) once an export's row walk has stopped, for whatever reason; 'left' (name) when its client goes. */
export const exportEvents = new EventEmitter();

/**
 * Answers the reply with a workbook of one sheet. The first row is read before anything is sent, so a query that
 * fails at once is an ordinary error answer; a failure later cuts the download short (the headers are gone) and is
 * logged, never left as an unhandled rejection. `rows` may take the signal that fires when the client leaves: the
 * walk then stops before its next query instead of reading (and compressing) the rest for nobody.
 */
export async function sendXlsx<R>(
  reply: FastifyReply,
  lang: Language,
  name: string,
  columns: Column<R>[],
  rows: AsyncIterable<R> | ((signal: AbortSignal) => AsyncIterable<R>),
): Promise<void> {
  const gone = new AbortController();
  let written = 0;
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    exportEvents.emit('end', {
      name,
      rows: written,
      left: gone.signal.aborted,
      ...(error ? { error } : {}),
    } satisfies ExportEnd);
  };
  const onClose = () => {
    if (reply.raw.writableFinished) return;
    gone.abort();
    exportEvents.emit('left', name);
  };
  reply.raw.once('close', onClose);
  const it = (typeof rows === 'function' ? rows(gone.signal) : rows)[Symbol.asyncIterator]();
  let first: IteratorResult<R>;
  try {
    first = await it.next();
  } catch (err) {
    end(err);
    throw err;
  }
  const cellOf = (c: Column<R>, row: R): SheetCell => {
    const v = typeof c.value === 'function' ? c.value(row) : row[c.value];
    if (v === null || v === undefined) return '';
    if (c.time) return formatTime(Number(v));
    return typeof v === 'number' ? v : String(v);
  };
  let started = false;
  async function* sheet() {
    started = true;
    yield sheetStart(columns.map((c) => c.width ?? 18));
    yield rowXml(
      columns.map((c) => c.label[lang]),
      1,
      true,
    );
    let n = 1;
    let chunk: string[] = [];
    try {
      for (let r = first; !r.done; r = await it.next()) {
        if (gone.signal.aborted) return;
        chunk.push(
          rowXml(
            columns.map((c) => cellOf(c, r.value)),
            ++n,
          ),
        );
        written++;
        if (chunk.length >= ROWS_PER_CHUNK) {
          yield chunk.join('');
          chunk = [];
          // rows from memory, or a chunk already fetched, would otherwise be written and compressed in one go
          await new Promise((r) => setImmediate(r));
        }
      }
      if (!gone.signal.aborted) yield chunk.join('') + SHEET_END;
    } catch (err) {
      end(err);
      throw err;
    } finally {
      // stopped early (the client left, the stream was destroyed): end the row walk too, so its generator's
      // cleanup runs and no further chunk is asked for
      await it.return?.().catch(() => undefined);
      end();
    }
  }
  const parts = Object.entries(packageParts(name)).map(([path, data]) => ({ path, data }));
  const sheetBytes = async function* () {
    for await (const part of sheet()) yield Buffer.from(part, 'utf8');
  };
  const out = Readable.from(zipStream([...parts, { path: SHEET_PATH, data: sheetBytes() }]));
  // The headers are gone: the only honest signal left is to abort the transfer, so the client sees a failed
  // download instead of a well-ended but truncated file.
  out.on('error', (err) => {
    reply.log.error({ err }, 'export failed');
    reply.raw.destroy();
  });
  reply.raw.once('close', () => {
    if (!gone.signal.aborted) return;
    // ends the zip's iteration, and through it the sheet's and the row walk's
    out.destroy();
    // left before the sheet was first read: its finally never runs, so the walk is ended here
    if (!started)
      void Promise.resolve(it.return?.())
        .catch(() => undefined)
        .then(() => end());
  });
  const file = `${name}-${Date.now()}.xlsx`;
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(file)}`)
    .header('Cache-Control', 'no-store');
  await reply.send(out);
}
