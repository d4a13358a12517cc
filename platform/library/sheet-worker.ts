import { parentPort, workerData } from 'node:worker_threads';
import { isOle2 } from '../../contract/xls-magic';
import { readXlsRows } from '../../contract/xls-read';
import { SheetError } from './sheet-errors';
import {
  firstSheetPath,
  sharedStrings,
  SHEET_LIMITS,
  type SheetLimits,
  type SheetRow,
  worksheetRows,
} from './sheet-xml';
import { BoundedZip, ZIP_LIMITS, ZipBudgetError, type ZipLimits } from './zip-read';

// The thread an uploaded sheet is read in (started by sheets.ts, one per read): a hostile file can cost this thread
// its time and memory, never the platform's event loop. Rows go out in chunks of CHUNK_ROWS; at most `credits`
// chunks are in flight, the main thread hands a credit back as its consumer takes a chunk, so a slow import holds
// the reading rather than queuing the whole sheet in messages.

export type SheetMode = 'rows' | 'count';

export interface SheetJob {
  bytes: Uint8Array;
  mode: SheetMode;
  zip?: Partial<ZipLimits>;
  sheet?: Partial<SheetLimits>;
  credits: number;
  chunkRows: number;
}

export type SheetMessage =
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'count'; count: number }
  | { type: 'done' }
  | { type: 'error'; reason: SheetError['reason']; message: string };

const port = parentPort!;
const job = workerData as SheetJob;
let credits = job.credits;
let wake: (() => void) | null = null;
port.on('message', (m: { type: string }) => {
  if (m.type !== 'more') return;
  credits++;
  wake?.();
  wake = null;
});

const send = (m: SheetMessage) => port.postMessage(m);

const pending: SheetRow[] = [];
async function flush(min: number) {
  while (pending.length >= min && pending.length > 0) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    send({ type: 'rows', rows: pending.splice(0, job.chunkRows) });
  }
}

async function readXlsx(bytes: Buffer, mode: SheetMode, sheetLimits: SheetLimits) {
  const zip = new BoundedZip(bytes, { ...ZIP_LIMITS, ...job.zip });
  const path = await firstSheetPath(zip, sheetLimits);
  const shared = await sharedStrings(zip, sheetLimits);
  if (mode === 'count') {
    let count = 0;
    await worksheetRows(
      zip,
      path,
      shared,
      ({ row }, data) => {
        if (row !== 1 && data) count++;
      },
      undefined,
      sheetLimits,
    );
    send({ type: 'count', count });
    return;
  }
  await worksheetRows(
    zip,
    path,
    shared,
    (r) => pending.push(r),
    () => flush(job.chunkRows),
    sheetLimits,
  );
  await flush(1);
}

/** A legacy .xls has no streaming reader: SheetJS reads it whole, within this thread's time and heap. */
async function readXls(bytes: Buffer, mode: SheetMode, sheetLimits: SheetLimits) {
  let rows: string[][];
  try {
    rows = readXlsRows(bytes);
  } catch (err) {
    throw new SheetError('unreadable', (err as Error).message);
  }
  if (mode === 'count') {
    send({ type: 'count', count: rows.slice(1).filter((r) => r.some((c) => c.trim() !== '')).length });
    return;
  }
  let cells = 0;
  for (let i = 0; i < rows.length; i++) {
    cells += rows[i].length;
    if (cells > sheetLimits.maxCells) throw new SheetError('tooComplex', `more than ${sheetLimits.maxCells} cells`);
    pending.push({ row: i + 1, cells: rows[i] });
    await flush(job.chunkRows);
  }
  await flush(1);
}

async function main() {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const sheetLimits = { ...SHEET_LIMITS, ...job.sheet };
  try {
    if (isOle2(bytes)) await readXls(bytes, job.mode, sheetLimits);
    else await readXlsx(bytes, job.mode, sheetLimits);
    send({ type: 'done' });
  } catch (err) {
    // anything else thrown while reading (ZipFormatError, a parser's error, a reader's bug) is a file not read
    const reason = err instanceof SheetError ? err.reason : err instanceof ZipBudgetError ? 'tooComplex' : 'unreadable';
    send({ type: 'error', reason, message: err instanceof Error ? err.message : String(err) });
  }
  port.close();
}

void main();
