import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

// The console's log viewer (spec §2 "Top bar and dialogs") uploads locally captured runtime errors.
export const LOG_UPLOAD_MAX_ENTRIES = 500;

/** A captured runtime error (spec §3 "Logged error"); `time` is the console's own formatted time. */
export const loggedErrorSchema = z.object({
  type: z.string().max(100),
  message: z.string().max(10_000),
  stack: z.string().max(50_000).optional().default(''),
  info: z.string().max(10_000).optional().default(''),
  url: z.string().max(2_000).optional().default(''),
  time: z.string().max(100).optional().default(''),
});
export type LoggedError = z.input<typeof loggedErrorSchema>;

export const uploadLogsEndpoint = defineEndpoint({
  path: '/log/upload',
  doc: `Stores the uploaded entries in client_logs with the caller; answers how many were stored (at most ${LOG_UPLOAD_MAX_ENTRIES} per call).`,
  /** longer lists are refused with logs.tooMany; the console uploads in chunks. */
  request: z.array(loggedErrorSchema).min(1),
  response: z.object({ stored: z.number().int() }),
});
