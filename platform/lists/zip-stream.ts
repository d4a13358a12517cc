import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';

// A streaming zip writer for downloads: each entry is deflated by node:zlib's stream (its work runs on libuv's
// threadpool, in the chunks it is handed) and written with a data descriptor, so nothing is held whole and the event
// loop is never taken for long. JSZip deflated on the main thread and forwarded in larger runs: a 200,000-row sheet
// blocked the loop for up to ~180 ms at a time and took twice as long. No zip64: a sheet holds at most 1,048,576 rows
// (~0.5 GB of XML), and an entry or archive past 4 GiB is refused rather than written corrupt.

export interface ZipEntry {
  path: string;
  data: string | Buffer | AsyncIterable<Buffer>;
}

const LIMIT = 0xffffffff;
// bit 3: sizes and CRC follow the data; bit 11: names are UTF-8
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

let table: Int32Array | null = null;
/** CRC-32 (IEEE), continued from `crc`: node:zlib's own when the runtime has it (Node 20.15+). */
function crc32(data: Buffer, crc = 0): number {
  const native = (zlib as { crc32?: (d: Buffer, v?: number) => number }).crc32;
  if (native) return native(data, crc);
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: (Math.max(d.getFullYear() - 1980, 0) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(FLAGS, 6);
  h.writeUInt16LE(DEFLATE, 8);
  h.writeUInt16LE(stamp.time, 10);
  h.writeUInt16LE(stamp.date, 12);
  // CRC and sizes (14-25) are zero here: the data descriptor carries them
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function dataDescriptor(e: Written): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  d.writeUInt32LE(e.compressed, 8);
  d.writeUInt32LE(e.size, 12);
  return d;
}

function centralDirectory(entries: Written[], offset: number, stamp: { time: number; date: number }): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(VERSION, 6);
    h.writeUInt16LE(FLAGS, 8);
    h.writeUInt16LE(DEFLATE, 10);
    h.writeUInt16LE(stamp.time, 12);
    h.writeUInt16LE(stamp.date, 14);
    h.writeUInt32LE(e.crc, 16);
    h.writeUInt32LE(e.compressed, 20);
    h.writeUInt32LE(e.size, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt32LE(e.offset, 42);
    parts.push(h, e.name);
  }
  const dir = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([dir, end]);
}

const tooLarge = () => new Error('zip entry past 4 GiB: zip64 is not written');

/** The archive's bytes, entry by entry; stopping the iteration early ends the entry's source and its deflate. */
export async function* zipStream(entries: ZipEntry[], level = 6): AsyncGenerator<Buffer> {
  const stamp = dosTime(new Date());
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const e: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    const header = localHeader(name, stamp);
    offset += header.length;
    yield header;
    const source =
      typeof entry.data === 'string' || Buffer.isBuffer(entry.data) ? [Buffer.from(entry.data)] : entry.data;
    const counted = async function* () {
      for await (const chunk of source) {
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.length;
        if (e.size > LIMIT) throw tooLarge();
        yield chunk;
      }
    };
    const deflate = zlib.createDeflateRaw({ level });
    // the pipeline carries a failing source into the deflate (and its iteration below), and an early stop back
    const piped = pipeline(Readable.from(counted()), deflate).catch(() => undefined);
    try {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        e.compressed += out.length;
        offset += out.length;
        yield out;
      }
    } finally {
      deflate.destroy();
      await piped;
    }
    if (e.compressed > LIMIT || offset > LIMIT) throw tooLarge();
    const descriptor = dataDescriptor(e);
    offset += descriptor.length;
    written.push(e);
    yield descriptor;
  }
  yield centralDirectory(written, offset, stamp);
}
