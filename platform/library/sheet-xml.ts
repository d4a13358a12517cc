import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTag } from 'saxes';
import { SheetError } from './sheet-errors';
import type { BoundedZip } from './zip-read';

// The parts of an xlsx an upload needs (the workbook's first sheet and the shared strings), read with a streaming XML
// parser: each character is looked at once, whatever the markup, so unclosed tags cost no more than closed ones (the
// regular expressions this replaces went quadratic on a sheet of unclosed <row>). DTDs are refused outright: OOXML
// parts have none, and an entity declared in one is how a few bytes grow into gigabytes.

export interface SheetLimits {
  /** highest row number (Excel's own limit) */
  maxRow: number;
  /** cells delivered, counting the blanks a row is padded with up to its last value */
  maxCells: number;
  maxSharedStrings: number;
  /** element nesting; a worksheet goes ~6 deep */
  maxDepth: number;
}

export const SHEET_LIMITS: SheetLimits = {
  maxRow: 1_048_576,
  maxCells: 8_000_000,
  maxSharedStrings: 2_000_000,
  maxDepth: 64,
};
const MAX_COLUMN = 16_384;

export interface SheetRow {
  row: number;
  cells: string[];
}

interface Handlers {
  open?: (name: string, attrs: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
}

/** Element names without a namespace prefix: some writers spell <x:row>. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

function parser(handlers: Handlers, limits: SheetLimits): SaxesParser {
  const p = new SaxesParser({ position: false });
  let depth = 0;
  p.on('doctype', () => {
    throw new SheetError('unreadable', 'a DTD in a workbook part');
  });
  p.on('opentag', (tag: SaxesTag) => {
    if (++depth > limits.maxDepth) throw new SheetError('tooComplex', `nesting deeper than ${limits.maxDepth}`);
    handlers.open?.(local(tag.name), tag.attributes as Record<string, string>);
  });
  p.on('closetag', (tag: SaxesTag) => {
    depth--;
    handlers.close?.(local(tag.name));
  });
  if (handlers.text) {
    p.on('text', handlers.text);
    p.on('cdata', handlers.text);
  }
  return p;
}

/** Streams one part through a parser; `afterChunk` runs between chunks, where the caller hands rows on. */
async function parsePart(
  zip: BoundedZip,
  name: string,
  handlers: Handlers,
  limits: SheetLimits,
  afterChunk?: () => Promise<void>,
) {
  const p = parser(handlers, limits);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of zip.stream(name)) {
      p.write(decoder.write(chunk));
      if (afterChunk) await afterChunk();
    }
    p.write(decoder.end());
    p.close();
  } catch (err) {
    if (err instanceof Error && err.constructor === Error)
      throw new SheetError('unreadable', `${name}: ${err.message}`);
    throw err;
  }
}

/** The first sheet in the workbook's own order (its first tab), else the lowest-numbered sheet part. */
export async function firstSheetPath(zip: BoundedZip, limits: SheetLimits = SHEET_LIMITS): Promise<string> {
  if (!zip.entries.has('xl/workbook.xml')) throw new SheetError('unreadable', 'no xl/workbook.xml');
  let relId: string | undefined;
  await parsePart(
    zip,
    'xl/workbook.xml',
    {
      open(name, attrs) {
        if (name === 'sheet' && relId === undefined)
          relId = Object.entries(attrs).find(([k]) => k === 'id' || k.endsWith(':id'))?.[1] ?? '';
      },
    },
    limits,
  );
  let target: string | undefined;
  if (relId && zip.entries.has('xl/_rels/workbook.xml.rels')) {
    await parsePart(
      zip,
      'xl/_rels/workbook.xml.rels',
      {
        open(name, attrs) {
          if (name === 'Relationship' && attrs.Id === relId) target = attrs.Target;
        },
      },
      limits,
    );
  }
  const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`).replace(/[^/]+\/\.\.\//g, '');
  if (path && zip.entries.has(path)) return path;
  const number = (n: string) => Number(/(\d+)\.xml$/.exec(n)?.[1]);
  const sheets = [...zip.entries.keys()]
    .filter((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f))
    .sort((a, b) => number(a) - number(b));
  if (!sheets[0]) throw new SheetError('unreadable', 'no worksheet');
  return sheets[0];
}

/** The shared strings table: rich text runs joined, phonetic guides (rPh) left out. */
export async function sharedStrings(zip: BoundedZip, limits: SheetLimits = SHEET_LIMITS): Promise<string[]> {
  const out: string[] = [];
  if (!zip.entries.has('xl/sharedStrings.xml')) return out;
  let current: string | null = null;
  let inT = false;
  let inPhonetic = false;
  await parsePart(
    zip,
    'xl/sharedStrings.xml',
    {
      open(name) {
        if (name === 'si') {
          if (out.length >= limits.maxSharedStrings)
            throw new SheetError('tooComplex', `more than ${limits.maxSharedStrings} shared strings`);
          current = '';
        } else if (name === 'rPh') inPhonetic = true;
        else if (name === 't') inT = current !== null && !inPhonetic;
      },
      close(name) {
        if (name === 'si' && current !== null) {
          out.push(current);
          current = null;
        } else if (name === 'rPh') inPhonetic = false;
        else if (name === 't') inT = false;
      },
      text(t) {
        if (inT) current += t;
      },
    },
    limits,
  );
  return out;
}

/** 0-based column of a cell reference (AB12 → 27), or -1 when it has no letters. */
function columnOf(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return i === 0 ? -1 : n - 1;
}

const numberText = (v: string) => {
  if (v.trim() === '') return '';
  const n = parseFloat(v);
  return Number.isFinite(n) ? String(n) : v;
};

interface Cell {
  col: number;
  type: string;
  formula: boolean;
  v: string | null;
  inline: string;
}

/** A cell's text as the upload readers have always given it (numbers as written, booleans as true/false, errors and
 * missing shared strings blank, dates as the serial number unless stored as an ISO date). */
function cellText(c: Cell, shared: string[]): string {
  const v = c.v ?? '';
  if (c.formula) return c.type === 'str' ? v : c.type === 'e' || c.v === null ? '' : numberText(v);
  switch (c.type) {
    case 's':
      return /^\d+$/.test(v.trim()) ? (shared[Number(v)] ?? '') : '';
    case 'inlineStr':
      return c.inline || v;
    case 'str':
      return v;
    case 'e':
      return '';
    case 'b':
      return c.v === null ? '' : String(parseInt(v, 10) !== 0);
    case 'd':
      return v.slice(0, 10);
    default:
      return c.v === null ? '' : numberText(v);
  }
}

/** Whether a cell holds something, as the row count has always judged it (a value with a non-space character). */
function hasValue(c: Cell, shared: string[]): boolean {
  if (c.type === 's' && !c.formula) return cellText(c, shared).trim() !== '';
  if (c.type === 'inlineStr' && !c.formula) return c.inline.trim() !== '';
  return c.v !== null && /\S/.test(c.v);
}

/**
 * Streams the rows of a worksheet part: `onRow` gets each <row> (1-based number, its own r or one past the previous;
 * cells padded with '' up to the last one with text), `afterChunk` runs between inflated chunks so the caller can
 * hand rows on with back-pressure. Refuses rows past Excel's limit and more cells than the budget.
 */
export async function worksheetRows(
  zip: BoundedZip,
  path: string,
  shared: string[],
  onRow: (row: SheetRow, hasData: boolean) => void,
  afterChunk?: () => Promise<void>,
  limits: SheetLimits = SHEET_LIMITS,
): Promise<void> {
  let rowNumber = 0;
  let cells: string[] | null = null;
  let data = false;
  let lastCol = -1;
  let cell: Cell | null = null;
  let target: 'v' | 'inline' | null = null;
  let inIs = false;
  let inPhonetic = false;
  let cellCount = 0;
  await parsePart(
    zip,
    path,
    {
      open(name, attrs) {
        if (name === 'row') {
          const r = attrs.r === undefined ? rowNumber + 1 : Number(attrs.r);
          if (!Number.isInteger(r) || r < 1) throw new SheetError('unreadable', `row number ${attrs.r}`);
          if (r > limits.maxRow) throw new SheetError('tooComplex', `row ${r} past ${limits.maxRow}`);
          rowNumber = r;
          cells = [];
          data = false;
          lastCol = -1;
        } else if (name === 'c' && cells) {
          const col = attrs.r === undefined ? lastCol + 1 : columnOf(attrs.r);
          if (col < 0) throw new SheetError('unreadable', `cell reference ${attrs.r}`);
          if (col >= MAX_COLUMN) throw new SheetError('tooComplex', `column ${col + 1} past ${MAX_COLUMN}`);
          lastCol = col;
          cell = { col, type: attrs.t ?? 'n', formula: false, v: null, inline: '' };
        } else if (cell) {
          if (name === 'v') {
            cell.v = '';
            target = 'v';
          } else if (name === 'f') cell.formula = true;
          else if (name === 'is') inIs = true;
          else if (name === 'rPh') inPhonetic = true;
          else if (name === 't' && inIs && !inPhonetic) target = 'inline';
        }
      },
      close(name) {
        if (name === 'v' || name === 't') target = null;
        else if (name === 'is') inIs = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'c' && cell && cells) {
          const text = cellText(cell, shared);
          if (text !== '') cells[cell.col] = text;
          if (!data && hasValue(cell, shared)) data = true;
          cell = null;
        } else if (name === 'row' && cells) {
          cellCount += cells.length;
          if (cellCount > limits.maxCells) throw new SheetError('tooComplex', `more than ${limits.maxCells} cells`);
          onRow({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') }, data);
          cells = null;
          cell = null;
        }
      },
      text(t) {
        if (!cell || target === null) return;
        if (target === 'v') cell.v += t;
        else cell.inline += t;
      },
    },
    limits,
    afterChunk,
  );
}
