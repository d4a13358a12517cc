import { z } from 'zod';
import { text } from '../bounds';
import { defineEndpoint, LONG_TIMEOUT_MS } from '../endpoint';

// A stored upload read back (materials of templates, import error reports). GET so <img>/<video> can load it: the
// token comes in the Authorization header or, for media elements that cannot send headers, as the `token` parameter.
// Only the file's own account (or one whose rights let it see that account) gets it; anyone else gets 404.
export const fileMaterialEndpoint = defineEndpoint({
  method: 'GET',
  path: '/file/material',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  auth: 'none',
  request: z.object({ fileId: text(40).trim().min(1, { error: 'v.upload.fileRequired' }) }),
  response: z.unknown(),
});
