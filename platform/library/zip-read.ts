import { createInflateRaw } from 'node:zlib';

// A zip reader for uploaded workbooks that inflates no more than it was allowed to. An xlsx is a zip whose parts may
// claim any size: a 4 MB upload can hold a sheet that inflates to gigabytes. The central directory is read here
// rather than trusted to a library, every entry's inflated bytes are counted as they come out of zlib (a declared size
// is only a claim), and the reading stops as soon as an entry passes its own size, the budget left for the whole file
// or the compression ratio a real sheet reaches.

/** Why a zip was refused: over a budget (a bomb or a sheet too large to take) or not a zip one can read. */
export class ZipBudgetError extends Error {}
export class ZipFormatError extends Error {}

export interface ZipLimits {
  /** central directory entries */
  maxEntries: number;
  /** inflated bytes of one entry */
  maxEntryBytes: number;
  /** inflated bytes of every entry read from one zip together */
  maxTotalBytes: number;
  /** inflated / compressed bytes an entry may reach once past `ratioFloorBytes` (zeros deflate ~1030:1; sheet XML ~10-30:1) */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 1000,
  maxEntryBytes: 200 * 2 ** 20,
  maxTotalBytes: 256 * 2 ** 20,
  maxRatio: 200,
  // below this an entry is read whatever its ratio: a few MB of XML cost little, and unusual but real parts compress
  // far (a sheet of empty styled rows)
  ratioFloorBytes: 8 * 2 ** 20,
};

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const U32_MAX = 0xffffffff;

function findEndOfCentralDirectory(b: Buffer): number {
  // the record is 22 bytes plus a comment of at most 65,535
  const stop = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= stop; i--) if (b.readUInt32LE(i) === EOCD) return i;
  throw new ZipFormatError('no end of central directory');
}

/** The entries of a zip's central directory, refused when there are more than the limits allow. */
export function zipEntries(b: Buffer, limits: ZipLimits = ZIP_LIMITS): Map<string, ZipEntry> {
  if (b.length < 22) throw new ZipFormatError('too short for a zip');
  const end = findEndOfCentralDirectory(b);
  const count = b.readUInt16LE(end + 10);
  const size = b.readUInt32LE(end + 12);
  const offset = b.readUInt32LE(end + 16);
  // zip64 markers: no workbook within the upload limit needs them
  if (count === 0xffff || offset === U32_MAX) throw new ZipFormatError('zip64 is not read');
  if (count > limits.maxEntries) throw new ZipBudgetError(`${count} entries`);
  if (offset + size > end) throw new ZipFormatError('central directory out of bounds');
  const entries = new Map<string, ZipEntry>();
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || b.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('bad central directory entry');
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      flags: b.readUInt16LE(p + 8),
      method: b.readUInt16LE(p + 10),
      compressedSize: b.readUInt32LE(p + 20),
      declaredSize: b.readUInt32LE(p + 24),
      localOffset: b.readUInt32LE(p + 42),
      name: b.toString('utf8', p + 46, Math.min(end, p + 46 + nameLen)),
    };
    if (entry.compressedSize === U32_MAX || entry.declaredSize === U32_MAX || entry.localOffset === U32_MAX)
      throw new ZipFormatError('zip64 is not read');
    entries.set(entry.name, entry);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** What an entry may still inflate to: its own cap, the zip's remaining budget and its compression ratio. */
function outputLimit(entry: ZipEntry, left: number, limits: ZipLimits): number {
  const byRatio = Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio);
  return Math.min(limits.maxEntryBytes, left, byRatio);
}

/** Reads entries of one zip within a shared budget of inflated bytes. */
export class BoundedZip {
  readonly entries: Map<string, ZipEntry>;
  private inflated = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly limits: ZipLimits = ZIP_LIMITS,
  ) {
    this.entries = zipEntries(bytes, limits);
  }

  private compressed(entry: ZipEntry): Buffer {
    const b = this.bytes;
    const p = entry.localOffset;
    if (p + 30 > b.length || b.readUInt32LE(p) !== LOCAL) throw new ZipFormatError(`bad local header of ${entry.name}`);
    const start = p + 30 + b.readUInt16LE(p + 26) + b.readUInt16LE(p + 28);
    if (start + entry.compressedSize > b.length) throw new ZipFormatError(`${entry.name} is truncated`);
    return b.subarray(start, start + entry.compressedSize);
  }

  /** An entry's bytes as they inflate, chunk by chunk; throws ZipBudgetError the moment it passes its limit and
   * ZipFormatError when the data is damaged or ends at another size than the directory says. */
  async *stream(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipFormatError(`no ${name}`);
    if (entry.flags & 1) throw new ZipFormatError(`${name} is encrypted`);
    const limit = outputLimit(entry, this.limits.maxTotalBytes - this.inflated, this.limits);
    // a claim above the limit is refused before inflating anything; a claim below it is checked as bytes come
    if (entry.declaredSize > limit) throw new ZipBudgetError(`${name} declares ${entry.declaredSize} bytes`);
    const data = this.compressed(entry);
    let out = 0;
    const take = (chunk: Buffer) => {
      out += chunk.length;
      this.inflated += chunk.length;
      if (out > limit) throw new ZipBudgetError(`${name} inflates past ${limit} bytes`);
      if (out > entry.declaredSize)
        throw new ZipFormatError(`${name} inflates past its declared ${entry.declaredSize} bytes`);
      return chunk;
    };
    if (entry.method === 0) {
      for (let i = 0; i < data.length; i += 65536) yield take(data.subarray(i, i + 65536));
    } else if (entry.method === 8) {
      const inflate = createInflateRaw({ chunkSize: 65536 });
      // fed in slices, so zlib never runs far ahead of the consumer
      const feed = (async () => {
        for (let i = 0; i < data.length && !inflate.destroyed; i += 65536) {
          if (inflate.write(data.subarray(i, i + 65536))) continue;
          await new Promise<void>((resolve) => {
            const go = () => {
              inflate.off('drain', go).off('close', go);
              resolve();
            };
            inflate.on('drain', go).on('close', go);
          });
        }
        inflate.end();
      })();
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) yield take(chunk);
      } catch (err) {
        if (err instanceof ZipBudgetError || err instanceof ZipFormatError) throw err;
        throw new ZipFormatError(`${name}: ${(err as Error).message}`);
      } finally {
        inflate.destroy();
        await feed.catch(() => undefined);
      }
    } else throw new ZipFormatError(`${name} uses compression method ${entry.method}`);
    if (out !== entry.declaredSize)
      throw new ZipFormatError(`${name} inflates to ${out}, not ${entry.declaredSize} bytes`);
  }

  /** A small entry (a workbook's index parts) whole, as text, within the same limits. */
  async text(name: string): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of this.stream(name)) parts.push(chunk);
    return Buffer.concat(parts).toString('utf8');
  }
}
