import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Where a PostgreSQL run's database time went: the statements pg_stat_statements counted in the run's database (its
// execution and planning time, rows, blocks dirtied, WAL), and the rows each table took, written as JSON and the
// counts then reset for the next run. The cluster must load the module: PG_STATEMENT_SETTINGS, on its command line.

export const PG_STATEMENT_SETTINGS = [
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.track_planning=on',
];

async function withClient(databaseUrl: string, fn: (c: import('pg').Client) => Promise<void>): Promise<void> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_stat_statements');
    await fn(c);
  } finally {
    await c.end();
  }
}

/** Forgets what the database counted so far (statements and table rows), so the next write covers what follows. */
export const resetStatements = (databaseUrl: string) =>
  withClient(databaseUrl, async (c) => {
    await c.query('select pg_stat_statements_reset()');
    await c.query('select pg_stat_reset()');
  });

export const writeStatements = (databaseUrl: string, file: string, top = 60) =>
  withClient(databaseUrl, async (c) => {
    const statements = (
      await c.query(
        `select calls, round(total_exec_time::numeric) as exec_ms, round(total_plan_time::numeric) as plan_ms, rows,
                shared_blks_dirtied as dirtied, round(wal_bytes / 1e6, 1) as wal_mb, jit_functions,
                round((jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time)::numeric)
                  as jit_ms,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 300) as query
           from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
          order by total_exec_time desc limit $1`,
        [top],
      )
    ).rows;
    const tables = (
      await c.query(
        `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del from pg_stat_user_tables
          where n_tup_ins + n_tup_upd + n_tup_del > 0 order by n_tup_ins + n_tup_upd + n_tup_del desc`,
      )
    ).rows;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ statements, tables }, null, 1));
    await c.query('select pg_stat_statements_reset()');
  });
