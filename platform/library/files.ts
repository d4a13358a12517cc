import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ulid } from 'ulid';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';

// Uploaded files. The type is read from the bytes, never from the name or the declared
// content type. Bytes go to PostgreSQL when DATABASE_URL is set (every instance sees them) or when PGlite runs in
// memory, otherwise under DATA_DIR/library/<cus_id>/. Files are read back only by their own account.

export type FileKind = 'media' | 'sheet' | 'report';

export interface Sniffed {
  contentType: string;
  mediaType: 'image' | 'video' | 'audio' | 'sheet';
  ext: string;
}

const starts = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

/** What the bytes are, or null when they are none of the accepted kinds. */
export function sniff(b: Buffer): Sniffed | null {
  if (starts(b, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', mediaType: 'image', ext: 'jpg' };
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', mediaType: 'image', ext: 'png' };
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')
    return { contentType: 'image/gif', mediaType: 'image', ext: 'gif' };
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 11);
    return brand === '3gp'
      ? { contentType: 'video/3gpp', mediaType: 'video', ext: '3gp' }
      : { contentType: 'video/mp4', mediaType: 'video', ext: 'mp4' };
  }
  if (ascii(b, 0, 6) === '#!AMR\n') return { contentType: 'audio/amr', mediaType: 'audio', ext: 'amr' };
  if (ascii(b, 0, 3) === 'ID3') return { contentType: 'audio/mpeg', mediaType: 'audio', ext: 'mp3' };
  // ADTS (AAC) and MPEG audio frames both start with an 11/12-bit sync word; the layer bits tell them apart
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0)
    return { contentType: 'audio/aac', mediaType: 'audio', ext: 'aac' };
  if (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0)
    return { contentType: 'audio/mpeg', mediaType: 'audio', ext: 'mp3' };
  // xlsx is a zip holding xl/ parts; a legacy xls is an OLE2 compound file (both read by sheets.ts)
  if (starts(b, [0x50, 0x4b, 0x03, 0x04]) && b.includes('[Content_Types].xml') && b.includes('xl/'))
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      mediaType: 'sheet',
      ext: 'xlsx',
    };
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))
    return { contentType: 'application/vnd.ms-excel', mediaType: 'sheet', ext: 'xls' };
  return null;
}

/** Extensions whose bytes sniff() may report for each name extension (jpeg is jpg, m4a-less). */
export const sameType = (nameExt: string, sniffedExt: string) =>
  nameExt === sniffedExt || (nameExt === 'jpeg' && sniffedExt === 'jpg');

const inDb = (ctx: AppContext) => Boolean(ctx.config.databaseUrl) || !ctx.config.dataDir;

export interface StoredFile {
  file_id: string;
  cus_id: string;
  kind: FileKind;
  file_name: string;
  content_type: string;
  size: number;
  row_count: number | null;
}

export async function saveFile(
  ctx: AppContext,
  f: { cusId: string; kind: FileKind; fileName: string; contentType: string; bytes: Buffer; rowCount: number | null },
): Promise<StoredFile> {
  const fileId = ulid();
  let path: string | null = null;
  if (!inDb(ctx)) {
    const dir = join(ctx.config.dataDir!, 'library', f.cusId);
    await mkdir(dir, { recursive: true });
    path = join(dir, fileId);
    await writeFile(path, f.bytes);
  }
  try {
    await ctx.db.query(
      'insert into library_files(file_id, cus_id, kind, file_name, content_type, size, row_count, path, data, create_time) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)',
      [
        fileId,
        f.cusId,
        f.kind,
        f.fileName,
        f.contentType,
        f.bytes.length,
        f.rowCount,
        path,
        path ? null : f.bytes,
        ctx.now(),
      ],
    );
  } catch (err) {
    if (path) await rm(path, { force: true });
    throw err;
  }
  return {
    file_id: fileId,
    cus_id: f.cusId,
    kind: f.kind,
    file_name: f.fileName,
    content_type: f.contentType,
    size: f.bytes.length,
    row_count: f.rowCount,
  };
}

/** The file's row if one of `cusIds` owns it. */
export async function findFile(
  q: Queryable,
  fileId: string,
  cusIds: string[],
): Promise<(StoredFile & { path: string | null }) | null> {
  const [row] = await q.query<StoredFile & { path: string | null }>(
    'select file_id, cus_id, kind, file_name, content_type, size, row_count, path from library_files where file_id = $1 and cus_id = any($2::text[])',
    [fileId, cusIds],
  );
  return row ?? null;
}

export async function readFileBytes(ctx: AppContext, f: { file_id: string; path: string | null }): Promise<Buffer> {
  if (f.path) return readFile(f.path);
  const [row] = await ctx.db.query<{ data: Uint8Array }>('select data from library_files where file_id = $1', [
    f.file_id,
  ]);
  return Buffer.from(row.data);
}

/** Where a material is served (GET, token in the header or the query string, so an <img> can load it). */
export const materialUrl = (fileId: string) => `/sms-service-api/file/material?fileId=${encodeURIComponent(fileId)}`;
/** The file id inside a url materialUrl() made, or null for anything else. */
export function fileIdOfUrl(url: string): string | null {
  const m = /\/file\/material\?fileId=([0-9A-Z]{26})$/.exec(url);
  return m ? m[1] : null;
}
