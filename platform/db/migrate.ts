import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Applies platform/migrations/NNN-name.sql in order, each once, under an advisory lock so instances don't race. */
export async function migrate(db: Db): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}-.*\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(727001)');
    await q.query(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    for (const f of files) {
      if (done.has(f)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, f), 'utf8');
      await q.exec(sql);
      await q.query('insert into schema_migrations(name) values ($1)', [f]);
      applied.push(f);
    }
  });
  return applied;
}
