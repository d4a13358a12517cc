import type { Queryable } from '../db/db';

/** The site settings (site_settings, seeded by migration 003) by key. */
export async function siteSettings(q: Queryable): Promise<Map<string, string>> {
  return new Map(
    (await q.query<{ key: string; value: string }>('select key, value from site_settings')).map((r) => [
      r.key,
      r.value,
    ]),
  );
}
