import { beforeAll } from 'vitest';
import { platformFor, type DbKind } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor } from './send.fixtures';

/** The templates tests' platform on one storage, the demo admin's and user's tokens (set before the first test), and
 * a call as the admin unless told otherwise, in English unless told otherwise. */
export function templatesPlatform(kind: DbKind) {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, dataDir: null });
  const who = { admin: '', user: '' };
  beforeAll(async () => {
    [who.admin, who.user] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });
  const call = (
    path: string,
    body: unknown,
    token = who.admin,
    lang: 'zh' | 'en' = 'en',
    headers: Record<string, string> = {},
  ) => p.call(path, body, { token, lang, headers });
  return { who, p, call };
}
