import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { packageParts, rowXml, SHEET_END, SHEET_PATH, sheetStart } from '../../contract/xlsx-sheet';

// Workbooks built byte by byte for the upload reader's tests: a small zip writer that can lie about sizes, deflated
// zeros that inflate a thousand-fold, and sheets whose XML is built to be slow, deep or self-expanding.

export interface ZipPart {
  name: string;
  /** the part's bytes; stored deflated unless `raw` gives the deflated stream itself */
  data?: Buffer | string;
  raw?: { deflated: Buffer; size: number; crc?: number };
  /** the uncompressed size written in the headers, when it should lie */
  declaredSize?: number;
}

/** A zip of the parts (deflate, no data descriptors), as any writer would lay it out. */
export function buildZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const plain = p.data === undefined ? null : Buffer.from(p.data);
    const deflated = p.raw ? p.raw.deflated : deflateRawSync(plain!);
    const size = p.declaredSize ?? (p.raw ? p.raw.size : plain!.length);
    const crc = p.raw ? (p.raw.crc ?? 0) : crc32(plain!);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

async function deflateSteps(steps: Array<{ bytes: Buffer; flush: number }>): Promise<Buffer[]> {
  const d = createDeflateRaw({ level: 9 });
  const outs: Buffer[] = [];
  let current: Buffer[] = [];
  d.on('data', (c: Buffer) => current.push(c));
  for (const s of steps) {
    d.write(s.bytes);
    await new Promise<void>((resolve) => d.flush(s.flush, () => resolve()));
    outs.push(Buffer.concat(current));
    current = [];
  }
  await new Promise<void>((resolve) => {
    d.on('end', resolve);
    d.end();
  });
  outs.push(Buffer.concat(current));
  return outs;
}

/**
 * A deflate stream of `mb` MiB of zeros (prefixed by `head`), built in milliseconds: after a sync flush the deflater's
 * output for another MiB of zeros only refers back into zeros, so that one block repeats as often as wanted.
 */
export async function deflatedZeros(mb: number, head = ''): Promise<{ deflated: Buffer; size: number }> {
  const MiB = Buffer.alloc(2 ** 20);
  const [first, block, , end] = await deflateSteps([
    { bytes: Buffer.concat([Buffer.from(head), MiB]), flush: constants.Z_SYNC_FLUSH },
    { bytes: MiB, flush: constants.Z_SYNC_FLUSH },
    { bytes: Buffer.alloc(0), flush: constants.Z_SYNC_FLUSH },
  ]);
  const blocks = Array.from({ length: Math.max(0, mb - 1) }, () => block);
  return { deflated: Buffer.concat([first, ...blocks, end]), size: Buffer.byteLength(head) + mb * 2 ** 20 };
}

/** The fixed parts of a one-sheet workbook with the sheet (and shared strings) given as XML. */
export function workbookParts(sheetXml: string | ZipPart, sharedStringsXml?: string): ZipPart[] {
  const parts: ZipPart[] = Object.entries(packageParts('data')).map(([name, data]) => ({ name, data }));
  parts.push(typeof sheetXml === 'string' ? { name: SHEET_PATH, data: sheetXml } : sheetXml);
  if (sharedStringsXml !== undefined) parts.push({ name: 'xl/sharedStrings.xml', data: sharedStringsXml });
  return parts;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows}</sheetData></worksheet>`;

/** A workbook written by the project's own writer (inline strings, numbers). */
export function ownWorkbook(rows: Array<Array<string | number>>): Buffer {
  const xml =
    sheetStart(rows[0]?.map(() => 10) ?? []) + rows.map((r, i) => rowXml(r, i + 1, i === 0)).join('') + SHEET_END;
  return buildZip(workbookParts(xml));
}

/** A sheet that inflates to `mb` MiB (its XML opens, then zeros), declaring its true size or a small lie. */
export async function bombWorkbook(mb: number, opts: { lie?: boolean } = {}): Promise<Buffer> {
  const z = await deflatedZeros(mb, sheetXml('').slice(0, -'</sheetData></worksheet>'.length));
  return buildZip(workbookParts({ name: SHEET_PATH, raw: z, declaredSize: opts.lie ? 4096 : undefined }));
}

/** Hostile workbooks, each small, each refused (or read) without costing the platform its loop or memory. */
export async function hostileWorkbooks(): Promise<Record<string, Buffer>> {
  const MB = 2 ** 20;
  const laughs = ['<!DOCTYPE worksheet [<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  laughs.push(']>');
  const valid = ownWorkbook([
    ['name', 'mobile'],
    ['a', '13800138000'],
  ]);
  return {
    bomb: await bombWorkbook(1200),
    lyingBomb: await bombWorkbook(1200, { lie: true }),
    unclosedRows: buildZip(workbookParts(sheetXml('<row>'.repeat(MB / 5)))),
    unclosedSharedStrings: buildZip(
      workbookParts(
        sheetXml('<row r="2"><c r="A2" t="s"><v>0</v></c></row>'),
        `<sst xmlns="${NS}">${'<si>'.repeat(MB / 4)}</sst>`,
      ),
    ),
    deepNesting: buildZip(
      workbookParts(sheetXml(`<row r="2"><c r="A2"><v>1</v>${'<x>'.repeat(MB / 3)}${'</x>'.repeat(MB / 4)}</c></row>`)),
    ),
    hugeSharedIndex: buildZip(
      workbookParts(
        sheetXml(
          '<row r="2"><c r="A2" t="s"><v>99999999999999999999</v></c><c r="XFD2" t="s"><v>4294967296</v></c></row>',
        ),
        `<sst xmlns="${NS}"><si><t>a</t></si></sst>`,
      ),
    ),
    farColumns: buildZip(
      workbookParts(
        sheetXml(
          Array.from({ length: 1000 }, (_, i) => `<row r="${i + 2}"><c r="XFD${i + 2}"><v>1</v></c></row>`).join(''),
        ),
      ),
    ),
    truncated: valid.subarray(0, Math.floor(valid.length * 0.6)),
    manyEntries: buildZip([
      ...workbookParts(sheetXml('')),
      ...Array.from({ length: 3000 }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: '' })),
    ]),
    billionLaughs: buildZip(
      workbookParts(
        `<?xml version="1.0"?>${laughs.join('')}<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`,
      ),
    ),
    notAZip: Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5000, 7)]),
  };
}
