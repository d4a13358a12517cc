import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SheetError } from './sheet-errors';
import type { SheetJob, SheetMessage, SheetMode } from './sheet-worker';
import type { SheetLimits } from './sheet-xml';
import type { ZipLimits } from './zip-read';

// Reading uploaded sheets (xlsx, and legacy .xls through SheetJS) as a stream of rows, off the event loop: each read
// runs in its own worker thread (sheet-worker.ts) with a heap cap and a time budget, and is ended the moment it passes
// either, so a zip bomb or a sheet built to make a parser slow costs one refused upload, never the platform's loop or
// its memory. Rows come back in chunks with back-pressure: a 100,000-row import never holds the whole sheet.
// Failures are SheetError (sheet-errors.ts): 'tooComplex' past a budget, 'unreadable' when not a workbook.

export type Cell = string;

export interface SheetReadOptions {
  /** time the worker may spend working (waiting for the consumer does not count) */
  timeMs?: number;
  heapMb?: number;
  zip?: Partial<ZipLimits>;
  sheet?: Partial<SheetLimits>;
  chunkRows?: number;
}

const TIME_BUDGET_MS = 20_000;
const HEAP_MB = 384;
const CHUNK_ROWS = 1000;
const CREDITS = 4;
/** readers at once: each may hold its heap cap, and the machine's cores are shared with the platform */
const MAX_READERS = 3;

// The worker is TypeScript: it registers tsx's loader in its own thread first (loader hooks are per thread, and the
// platform runs under tsx), then imports its entry.
const TSX_API = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const ENTRY = new URL('./sheet-worker.ts', import.meta.url).href;
const BOOT = `const { workerData } = require('node:worker_threads');
import(workerData.boot.tsxApi).then((tsx) => { tsx.register(); return import(workerData.boot.entry); });`;

let running = 0;
const waiting: Array<() => void> = [];
async function acquire() {
  if (running < MAX_READERS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
}
function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** The worker's messages for one read; the worker is ended when the caller stops early, fails or finishes. */
async function* readInWorker(
  bytes: Uint8Array,
  mode: SheetMode,
  opts: SheetReadOptions = {},
): AsyncGenerator<SheetMessage> {
  await acquire();
  const own = new Uint8Array(bytes);
  const job: SheetJob & { boot: { tsxApi: string; entry: string } } = {
    bytes: own,
    mode,
    zip: opts.zip,
    sheet: opts.sheet,
    credits: CREDITS,
    chunkRows: opts.chunkRows ?? CHUNK_ROWS,
    boot: { tsxApi: TSX_API, entry: ENTRY },
  };
  const timeMs = opts.timeMs ?? TIME_BUDGET_MS;
  let worker: Worker;
  try {
    worker = new Worker(BOOT, {
      eval: true,
      execArgv: [],
      workerData: job,
      transferList: [own.buffer],
      resourceLimits: { maxOldGenerationSizeMb: opts.heapMb ?? HEAP_MB },
    });
  } catch (err) {
    release();
    throw err;
  }
  const queue: SheetMessage[] = [];
  let failure: SheetError | null = null;
  let exited = false;
  let notify: (() => void) | null = null;
  const wake = () => {
    notify?.();
    notify = null;
  };
  worker.on('message', (m: SheetMessage) => {
    queue.push(m);
    wake();
  });
  worker.on('error', (err: Error & { code?: string }) => {
    failure ??= new SheetError(
      err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooComplex' : 'unreadable',
      `sheet reader: ${err.message}`,
    );
    wake();
  });
  worker.on('exit', () => {
    exited = true;
    wake();
  });
  // the worker's busy time, read from here: a worker stuck in one long computation never gets to check a clock itself
  const watch = setInterval(() => {
    if (worker.performance.eventLoopUtilization().active <= timeMs) return;
    failure ??= new SheetError('tooComplex', `sheet reader past ${timeMs} ms`);
    void worker.terminate();
    wake();
  }, 100);
  try {
    for (;;) {
      const m = queue.shift();
      if (m) {
        if (m.type === 'error') throw new SheetError(m.reason, m.message);
        yield m;
        if (m.type === 'done') return;
        if (m.type === 'rows') worker.postMessage({ type: 'more' });
        continue;
      }
      if (failure) throw failure;
      if (exited) throw new SheetError('unreadable', 'sheet reader stopped without an answer');
      await new Promise<void>((resolve) => (notify = resolve));
    }
  } finally {
    clearInterval(watch);
    await worker.terminate();
    release();
  }
}

/** Rows of the first worksheet as text cells (1-based row numbers), header included; throws SheetError. */
export async function* sheetRows(
  bytes: Uint8Array,
  opts?: SheetReadOptions,
): AsyncGenerator<{ row: number; cells: Cell[] }> {
  for await (const m of readInWorker(bytes, 'rows', opts)) if (m.type === 'rows') yield* m.rows;
}

/** Data rows (after the header) that hold a value; throws SheetError when the bytes are not a readable workbook or
 * pass a budget. Counted without building rows: an upload answers its row count before any import. */
export async function countDataRows(bytes: Uint8Array, opts?: SheetReadOptions): Promise<number> {
  for await (const m of readInWorker(bytes, 'count', opts)) if (m.type === 'count') return m.count;
  throw new SheetError('unreadable', 'no row count');
}
