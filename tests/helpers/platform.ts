import { afterAll, beforeAll, inject } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import { configFromEnv, type Config } from '../../platform/core/config';
import { openPglite } from '../../platform/db/pglite-db';
import { openPostgres } from '../../platform/db/postgres-db';
import { seedDemoTenant } from '../../platform/seed/demo-tenant';
import type { CarrierConnector } from '../../platform/messaging/carrier';
import { buildPlatform, type Platform } from '../../platform/server';
import { createDatabase } from './postgres';
import { pgliteDump } from './prepared-db';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

export interface TestPlatform extends Platform {
  base: string;
  /** POST (or method) a JSON body to a service path; answers status and parsed body. */
  call: (
    path: string,
    body?: unknown,
    init?: { token?: string; lang?: 'zh' | 'en'; method?: string; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  login: (username: string, password?: string) => Promise<string>;
}

let dbCounter = 0;

/** The buffer pool of the test platforms' PGlite databases: each holds a few megabytes, and PGlite sets its whole
 * pool up at every start (128 MB by default, about a quarter of a start from the prepared dump). With the dump's bytes
 * kept in memory as well (prepared-db.ts), a start costs about 0.55 s of CPU, against 1.2 s with neither. */
const TEST_PGLITE_BUFFERS = '16MB';

/** A test platform's configuration: loopback on a free port, no captcha, no console, no seed, no SMPP and no metrics
 * port unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    captcha: false,
    serveConsole: false,
    logLevel: 'warn',
    seedRecords: 0,
    smppPort: null,
    // several platforms run side by side: none takes the fixed metrics port (a test asks for 'auto')
    metricsPort: null,
    carriers: { source: 'in-process' },
    ...overrides,
  };
}

export interface StartOptions {
  carrier?: CarrierConnector;
  /** migrate and seed an empty database, as a first start does, rather than copy the run's prepared one */
  fresh?: boolean;
  /** where the platform's log lines go (default stdout) */
  logStream?: { write: (line: string) => void };
  /** the platform's clock (default the machine's) */
  now?: () => Date;
}

/** The platform of the enclosing describe: started on `kind` before its tests and stopped after them. The handle
 * stands for the started platform (read it in the describe's hooks and tests, not while it is being collected). */
export function platformFor(kind: DbKind, overrides: Partial<Config> = {}, opts: StartOptions = {}): TestPlatform {
  let started: TestPlatform | null = null;
  beforeAll(async () => {
    started = await startPlatform(kind, overrides, opts);
  });
  afterAll(async () => {
    await started?.close();
    started = null;
  });
  return new Proxy({} as TestPlatform, {
    get(_target, key) {
      if (!started) throw new Error(`the ${kind} platform is read before its describe started it, or after it stopped`);
      return Reflect.get(started, key);
    },
  });
}

/** Starts a real platform on a random port over a database of its own of the given kind, with the demo tenant seeded:
 * a copy of the run's prepared database (prepared-db.ts), or with `fresh`, an empty one that it migrates and seeds. */
export async function startPlatform(
  kind: DbKind,
  overrides: Partial<Config> = {},
  opts: StartOptions = {},
): Promise<TestPlatform> {
  const config = testConfig(overrides);
  let db;
  if (kind === 'postgres') {
    const clusterUrl = inject('pgUrl');
    if (!clusterUrl) throw new Error('PostgreSQL is not available on this machine');
    const template = opts.fresh ? undefined : (inject('pgTemplate') ?? undefined);
    const url = await createDatabase(clusterUrl, `t${process.pid}_${Date.now()}_${dbCounter++}`, template);
    db = await openPostgres(url);
    config.databaseUrl = url;
  } else {
    db = await openPglite(null, {
      sharedBuffers: TEST_PGLITE_BUFFERS,
      ...(opts.fresh ? {} : { loadDataDir: pgliteDump(inject('pgliteDump')) }),
    });
  }
  const platform = await buildPlatform(config, { db, carrier: opts.carrier, logStream: opts.logStream, now: opts.now });
  await seedDemoTenant(platform.ctx);
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = platform.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const base = `http://127.0.0.1:${port}${SERVICE_BASE_PATH}`;
  const call: TestPlatform['call'] = async (path, body, init = {}) => {
    const headers: Record<string, string> = { 'Accept-Language': init.lang ?? 'zh', ...(init.headers ?? {}) };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const method = init.method ?? 'POST';
    let payload: string | undefined;
    if (method !== 'GET' && method !== 'DELETE') {
      headers['Content-Type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body ?? {});
    }
    return readAnswer(await fetch(base + path, { method, headers, body: payload }));
  };
  const login = async (username: string, password = 'demo1234') => {
    const r = await call('/user/login', {
      username,
      password: Buffer.from(password).toString('base64'),
      code: '',
      redomStr: '',
    });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  };
  return { ...platform, base, call, login };
}

/** A test call's answer: its status, its body parsed when it is JSON (else the text: a file or plain text), and its
 * headers. */
export async function readAnswer(res: Response): Promise<{ status: number; body: any; headers: Headers }> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
