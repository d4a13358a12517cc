import type { ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readAnswer } from '../helpers/platform';
import { spawnPlatform } from '../helpers/platform-process';

// The platform as `npm start` runs it, in a process of its own: a start that cannot do its job ends that process with
// one line naming why, and SIGTERM drains it (not ready first, answers under way finished) before it exits 0.
const EXIT_DEADLINE_MS = 30_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  /** the exit code, once it has exited. */
  exited: Promise<number | null>;
}

const runs: Run[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const r of runs.splice(0)) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

function run(env: Record<string, string>): Run {
  const child = spawnPlatform({ CARRIERS: 'in-process', ...env });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const r = { child, output: () => out, exited };
  runs.push(r);
  return r;
}

/** Resolves with the exit code, or fails when the process is still running at the deadline. */
async function exitCode(r: Run): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`still running after ${EXIT_DEADLINE_MS} ms:\n${r.output()}`)),
      EXIT_DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([r.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

const lastLine = (out: string) => out.trim().split('\n').at(-1) ?? '';

/** A port held by a listening socket on the address the platform binds. */
async function takenPort(): Promise<number> {
  const s = createServer();
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a start that cannot do its job', () => {
  it('exits non-zero naming the SMPP port when it is in use', async () => {
    const port = await takenPort();
    const r = run({ SMPP_PORT: String(port) });
    expect(await exitCode(r)).not.toBe(0);
    expect(lastLine(r.output())).toBe(`start failed: SMPP port ${port} is in use (SMPP_PORT)`);
  });

  it('exits non-zero naming the HTTP port when it is in use', async () => {
    const port = await takenPort();
    const r = run({ PORT: String(port) });
    expect(await exitCode(r)).not.toBe(0);
    expect(lastLine(r.output())).toBe(`start failed: HTTP port ${port} is in use (PORT)`);
  });

  it('exits non-zero naming the database when it cannot be reached, without its password', async () => {
    const port = await closedPort();
    const r = run({ DATABASE_URL: `postgres://sms:secret@127.0.0.1:${port}/sms` });
    expect(await exitCode(r)).not.toBe(0);
    expect(lastLine(r.output())).toMatch(
      new RegExp(`^start failed: database unreachable \\(PostgreSQL at 127\\.0\\.0\\.1:${port}/sms\\)`),
    );
    expect(r.output()).not.toContain('secret');
  });
});

describe('a running platform', () => {
  it('is healthy and ready; on SIGTERM it turns not ready, finishes the answer under way and exits 0', async () => {
    // info logs show when the held request has reached the platform
    const r = run({ LOG_LEVEL: 'info', SMPP_PORT: 'auto' });
    // a fresh in-memory database is migrated first: slow on a busy machine
    await until(
      'the start',
      () => /SMS cloud console: http:\/\/localhost:\d+\//.test(r.output()) || r.child.exitCode !== null,
      150_000,
    );
    const port = Number(/SMS cloud console: http:\/\/localhost:(\d+)\//.exec(r.output())?.[1]);
    expect(port).toBeGreaterThan(0);
    const root = `http://127.0.0.1:${port}`;
    const health = await fetch(`${root}/health`).then(readAnswer);
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect((await fetch(`${root}/ready`).then(readAnswer)).status).toBe(200);

    // a login whose body is still arriving: in flight when the signal comes
    const body = JSON.stringify({
      username: 'admin',
      password: Buffer.from('demo1234').toString('base64'),
      code: '',
      redomStr: '',
    });
    const sock = connect(port, '127.0.0.1');
    let answer = '';
    sock.on('data', (d) => (answer += d));
    sock.write(
      `POST /sms-service-api/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    sock.write(body.slice(0, 10));
    await until('the held request to arrive', () => r.output().includes('/sms-service-api/user/login'));

    r.child.kill('SIGTERM');
    await until('/ready to answer 503', async () => (await fetch(`${root}/ready`).then(readAnswer)).status === 503);
    const ready = await fetch(`${root}/ready`).then(readAnswer);
    expect(ready.body).toEqual({ status: 'unavailable', reason: 'shutting down' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${root}/sms-service-api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    }).then(readAnswer);
    expect(refused.status).toBe(503);

    sock.write(body.slice(10));
    await until('the held answer', () => /\r\n\r\n[\s\S]*\}/.test(answer));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    sock.destroy();
    expect(await exitCode(r)).toBe(0);
  }, 240_000);
});
