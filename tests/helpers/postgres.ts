import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A throwaway PostgreSQL cluster from the machine's binaries, in a temporary directory, run as `postgres` when we
// are root (initdb refuses root). .ci/run installs the binaries on a fresh machine.
export interface PgCluster {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

export function findPgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** `durable`: commits wait for their WAL on disk, as a deployment's do (the default favours test speed); `settings`:
 * further `name=value` server settings. Both are given on the postmaster's command line, which ALTER SYSTEM cannot
 * override. */
export async function startPgCluster(o: { durable?: boolean; settings?: string[] } = {}): Promise<PgCluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql (install the postgresql package)');
  const dir = mkdtempSync(join(tmpdir(), 'sms-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  // A port picked free and bound by the postmaster a moment later can be taken in between by a neighbour's
  // process: a postmaster that exits before it answers is started again on another port.
  const pg = (await import('pg')).default;
  let port = 0;
  let proc: ChildProcess | null = null;
  for (let attempt = 0; !proc; attempt++) {
    port = await freePort();
    const started = spawnPostmaster(bin, asRoot, postmasterArgs(dataDir, dir, port, o));
    if (await answers(pg, `postgres://postgres@127.0.0.1:${port}/postgres`, started)) proc = started;
    else if (attempt >= 3) throw new Error(`PostgreSQL did not start (exit ${started.exitCode ?? started.signalCode})`);
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const postmaster = proc;
  return {
    url,
    stop: async () => {
      // runuser ignores SIGINT, and SIGTERM means a "smart" shutdown that waits for clients: send the fast-shutdown
      // SIGINT to the postmaster itself, and kill outright if it has not gone in 10 s.
      const exited = new Promise((r) =>
        postmaster.exitCode !== null || postmaster.signalCode !== null ? r(null) : postmaster.once('exit', r),
      );
      try {
        const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGINT');
      } catch {
        postmaster.kill('SIGTERM');
      }
      const timer = setTimeout(() => postmaster.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postmasterArgs(
  dataDir: string,
  socketDir: string,
  port: number,
  o: { durable?: boolean; settings?: string[] },
) {
  return [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    ...(o.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    '-c',
    'max_connections=200',
    ...(o.settings ?? []).flatMap((s) => ['-c', s]),
  ];
}

function spawnPostmaster(bin: string, asRoot: boolean, args: string[]): ChildProcess {
  return asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', join(bin, 'postgres'), ...args], { stdio: 'ignore' })
    : spawn(join(bin, 'postgres'), args, { stdio: 'ignore' });
}

/** Whether the postmaster answers a connection: false once it has exited without answering; it is given 30 s. */
async function answers(pg: typeof import('pg').default, url: string, proc: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.end();
      return true;
    } catch (e) {
      if (proc.exitCode !== null || proc.signalCode !== null) return false;
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A fresh database in the cluster, empty or a copy of `template` (a database made by this function). */
export async function createDatabase(clusterUrl: string, name: string, template?: string): Promise<string> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: clusterUrl });
  await c.connect();
  await c.query(`drop database if exists "${name}"`);
  // A UTF-8 ctype as deployments use (collation stays C): pg_trgm before PostgreSQL 18 drops non-ASCII characters
  // from trigrams under the C ctype, so Chinese content search could not use its index (migration 050). A copy
  // keeps its template's.
  if (template) await c.query(`create database "${name}" template "${template}"`);
  else await c.query(`create database "${name}" template template0 lc_collate 'C' lc_ctype 'C.UTF-8'`);
  await c.end();
  return clusterUrl.replace(/\/[^/]*$/, `/${name}`);
}
