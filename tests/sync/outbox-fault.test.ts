import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import pg from 'pg';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVICE_BASE_PATH } from '../../contract/constants';
import { createHttpClient } from '../../sync/http/http-client';
import { openLocalDb, type EventDoc, type LocalDb } from '../../sync/store/local-db';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { createOutbox } from '../../sync/commands/outbox';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy';
import { startPlatformProcess, type PlatformProcess } from '../helpers/platform-process';
import { createDatabase } from '../helpers/postgres';

// 1,000 console commands through the outbox, over a proxy that cuts connections, answers 500, loses answers and
// answers too late (each fate tens of times), with the platform killed and restarted in the middle: every command is
// applied exactly once, counted on the platform.
const COMMANDS = 1_000;
const CLIENT_TIMEOUT_MS = 1000;

describe('outbox under faults', () => {
  let dbUrl: string;
  // every command's log entry is kept, so the platform's rows count the applied commands
  const PLATFORM_ENV = () => ({ DATABASE_URL: dbUrl, CLIENT_LOG_KEEP_ROWS: String(COMMANDS) });
  let port: number;
  let platform: PlatformProcess;
  let proxy: FaultProxy;
  let local: LocalDb;
  let token: string;

  beforeAll(async () => {
    const cluster = inject('pgUrl');
    if (!cluster) throw new Error('PostgreSQL is not available on this machine');
    dbUrl = await createDatabase(cluster, `fault_${process.pid}_${Date.now()}`);
    // on a port it binds itself (one picked here first could be taken by a neighbour's process before it binds);
    // the proxy reads the port at each connection, so a restart may land on another
    platform = await startPlatformProcess(PLATFORM_ENV());
    port = platform.port;
    proxy = await startFaultProxy({
      upstreamPort: () => port,
      seed: 20261122,
      lateMs: CLIENT_TIMEOUT_MS + 500,
      maxLate: 20,
    });
    const login = await fetch(`${platform.base}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'user',
        password: Buffer.from('demo1234').toString('base64'),
        code: '',
        redomStr: '',
      }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    local = await openLocalDb({ cusId: 'SUB001', indexedDB, IDBKeyRange, namespace: `fault${process.pid}` });
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await platform?.stop();
    await local?.remove();
  });

  it(`applies each of ${COMMANDS.toLocaleString('en')} commands exactly once through drops, 500s, lost and late answers and a platform restart`, async () => {
    const now = Date.now();
    const events: EventDoc[] = Array.from({ length: COMMANDS }, (_, i) => {
      const id = ulid(now + i);
      return {
        id,
        type: 'log.upload',
        aggregate: `log:${i}`,
        payload: { entries: [{ type: 'fault-test', message: `command ${i}` }] },
        actor: 'user',
        created_at: now + i,
        status: 'pending',
        attempts: 0,
        last_error: null,
        result: null,
        next_attempt_at: 0,
        k: `${now + i}`,
      } as unknown as EventDoc;
    });
    await local.events.bulkInsert(events);
    const client = createHttpClient({
      baseUrl: `http://127.0.0.1:${proxy.port}${SERVICE_BASE_PATH}`,
      getToken: () => token,
      getLanguage: () => 'en',
      onUnauthorized: () => {},
      timeoutMs: CLIENT_TIMEOUT_MS,
    });
    const outbox = createOutbox({
      db: local,
      commands: ALL_COMMANDS,
      client,
      backoffMs: 20,
      maxBackoffMs: 300,
      concurrency: 8,
    });
    let acked = 0;
    let rejected = 0;
    const sub = outbox.settled$.subscribe((e) => (e.status === 'acked' ? acked++ : rejected++));
    let restarted = false;
    const pending = () => local.events.count({ selector: { status: 'pending' } }).exec();
    while ((await pending()) > 0) {
      await outbox.flush();
      if (!restarted && acked >= COMMANDS / 2) {
        // killed, not stopped: whatever it was doing is cut off mid-way
        platform.child.kill('SIGKILL');
        await new Promise((r) => platform.child.once('exit', r));
        platform = await startPlatformProcess(PLATFORM_ENV());
        port = platform.port;
        restarted = true;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    sub.unsubscribe();
    expect(restarted).toBe(true);
    expect(rejected).toBe(0);
    expect(acked).toBe(COMMANDS);
    console.log(`outbox under faults: ${COMMANDS} commands, proxy fates ${JSON.stringify(proxy.fates)}`);
    // every fault happened, and often
    for (const fate of ['drop', 'fail', 'lose', 'fail-after', 'late'] as const)
      expect(proxy.fates[fate], fate).toBeGreaterThan(10);
    const pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
    const [{ n, distinct }] = (
      await pool.query<{ n: number; distinct: number }>(
        `select count(*)::int as n, count(distinct message)::int as distinct from client_logs where type = 'fault-test'`,
      )
    ).rows;
    await pool.end();
    expect(distinct).toBe(COMMANDS);
    expect(n).toBe(COMMANDS);
  }, 1_500_000);
});
