import { z } from 'zod';
import { text } from '../bounds';
import { defineEndpoint } from '../endpoint';

// The console's log viewer (spec §2 "Top bar and dialogs") uploads locally captured runtime errors.
export const LOG_UPLOAD_MAX_ENTRIES = 500;

/** A captured runtime error (spec §3 "Logged error"); `time` is the console's own formatted time. */
export const loggedErrorSchema = z.object({
  type: text(100),
  message: text(10_000),
  stack: text(50_000).optional().default(''),
  info: text(10_000).optional().default(''),
  url: text(2_000).optional().default(''),
  time: text(100).optional().default(''),
});
export type LoggedError = z.input<typeof loggedErrorSchema>;

export const uploadLogsEndpoint = defineEndpoint({
  path: '/log/upload',
  doc: `Stores the uploaded entries in client_logs with the caller; answers how many were stored (at most ${LOG_UPLOAD_MAX_ENTRIES} per call).`,
  /** longer lists are refused (v.logs.tooMany); the console uploads in chunks. */
  request: z.array(loggedErrorSchema).min(1).max(LOG_UPLOAD_MAX_ENTRIES, 'v.logs.tooMany'),
  response: z.object({ stored: z.number().int() }),
});
