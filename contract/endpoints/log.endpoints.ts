import { z } from 'zod';
import { text } from '../bounds';
import { defineEndpoint } from '../endpoint';

// The console's log viewer (in the top bar) uploads locally captured runtime errors. Each upload is
// small (LOG_UPLOAD_MAX_BYTES of JSON, larger bodies answer 413) and the platform keeps only each login's newest
// entries, so the log table cannot be used as free storage.
export const LOG_UPLOAD_MAX_ENTRIES = 100;
export const LOG_UPLOAD_MAX_BYTES = 64 * 1024;

/** Longest text of each field: a stack trace is the long one; every entry fits a single upload even in 3-byte UTF-8. */
export const LOGGED_ERROR_MAX = { type: 100, message: 2_000, stack: 8_000, info: 2_000, url: 2_000, time: 40 } as const;

/** A captured runtime error; `time` is the console's own formatted time. */
export const loggedErrorSchema = z.object({
  type: text(LOGGED_ERROR_MAX.type),
  message: text(LOGGED_ERROR_MAX.message),
  stack: text(LOGGED_ERROR_MAX.stack).optional().default(''),
  info: text(LOGGED_ERROR_MAX.info).optional().default(''),
  url: text(LOGGED_ERROR_MAX.url).optional().default(''),
  time: text(LOGGED_ERROR_MAX.time).optional().default(''),
});
export type LoggedError = z.input<typeof loggedErrorSchema>;

export const uploadLogsEndpoint = defineEndpoint({
  path: '/log/upload',
  doc:
    `Stores the uploaded entries in client_logs with the caller; answers how many were stored. At most ` +
    `${LOG_UPLOAD_MAX_ENTRIES} entries and ${LOG_UPLOAD_MAX_BYTES / 1024} KB per call (413 above); only the caller's ` +
    'newest entries are kept, older ones are dropped as new ones arrive.',
  /** longer lists are refused (v.logs.tooMany); the console uploads in chunks (logUploadChunks). */
  request: z.array(loggedErrorSchema).min(1).max(LOG_UPLOAD_MAX_ENTRIES, 'v.logs.tooMany'),
  response: z.object({ stored: z.number().int().min(0).max(LOG_UPLOAD_MAX_ENTRIES) }),
});

const clip = (s: string | undefined, max: number) => (s ?? '').slice(0, max);
const jsonBytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

/** The uploads that carry `entries`: each field cut to its bound, then as many entries per call as both the count and
 * the byte limit allow (a captured stack can be longer than the platform keeps). */
export function logUploadChunks(entries: LoggedError[]): LoggedError[][] {
  const chunks: LoggedError[][] = [];
  let chunk: LoggedError[] = [];
  let bytes = 2;
  for (const e of entries) {
    const clipped: LoggedError = {
      type: clip(e.type, LOGGED_ERROR_MAX.type),
      message: clip(e.message, LOGGED_ERROR_MAX.message),
      stack: clip(e.stack, LOGGED_ERROR_MAX.stack),
      info: clip(e.info, LOGGED_ERROR_MAX.info),
      url: clip(e.url, LOGGED_ERROR_MAX.url),
      time: clip(e.time, LOGGED_ERROR_MAX.time),
    };
    const size = jsonBytes(clipped) + 1;
    if (chunk.length > 0 && (chunk.length === LOG_UPLOAD_MAX_ENTRIES || bytes + size > LOG_UPLOAD_MAX_BYTES)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 2;
    }
    chunk.push(clipped);
    bytes += size;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}
