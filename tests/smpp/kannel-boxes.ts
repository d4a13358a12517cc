import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Kannel (Debian's bearerbox + smsbox) as an SMPP client of a server under test: it binds as a transceiver,
// takes messages on its sendsms HTTP interface and reports receipts to a dlr-url.

export const BEARERBOX = '/usr/sbin/bearerbox';
export const SMSBOX = '/usr/sbin/smsbox';

export function assertKannelInstalled(): void {
  if (!existsSync(BEARERBOX) || !existsSync(SMSBOX)) {
    throw new Error(
      'Kannel is required for this test: run `bash scripts/ensure-test-prereqs.sh` (installs the kannel package).',
    );
  }
  const v = spawnSync(BEARERBOX, ['--version'], { encoding: 'utf8' });
  if (v.error) throw new Error(`bearerbox does not start: ${v.error.message}`);
}

/** A free TCP port within [from, to] on loopback. */
export async function freePort(from: number, to: number, taken: Set<number> = new Set()): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}..${to}`);
}

export interface KannelOptions {
  smppPort: number;
  username: string;
  password: string;
  /** ports Kannel listens on itself: admin, smsbox link, sendsms. */
  adminPort: number;
  boxPort: number;
  sendsmsPort: number;
}

export interface KannelBoxes {
  dir: string;
  sendsmsUrl(params: Record<string, string>): string;
  log(): string;
  stop(): Promise<void>;
}

function config(o: KannelOptions, dir: string): string {
  // Kannel reads an inline "# ..." as part of the value, so the file has no comments
  return [
    'group = core',
    `admin-port = ${o.adminPort}`,
    'admin-password = kannel-admin',
    `smsbox-port = ${o.boxPort}`,
    'box-allow-ip = 127.0.0.1',
    `log-file = ${join(dir, 'bearerbox.log')}`,
    'log-level = 1',
    'dlr-storage = internal',
    '',
    'group = smsc',
    'smsc = smpp',
    'smsc-id = platform',
    'host = 127.0.0.1',
    `port = ${o.smppPort}`,
    'transceiver-mode = true',
    `smsc-username = ${o.username}`,
    `smsc-password = ${o.password}`,
    'system-type = kannel',
    'interface-version = 34',
    'max-pending-submits = 10',
    'reconnect-delay = 1',
    '',
    'group = smsbox',
    'bearerbox-host = 127.0.0.1',
    `bearerbox-port = ${o.boxPort}`,
    `sendsms-port = ${o.sendsmsPort}`,
    `log-file = ${join(dir, 'smsbox.log')}`,
    'log-level = 1',
    '',
    'group = sendsms-user',
    'username = tester',
    'password = tester-pw',
    'max-messages = 5',
    'concatenation = true',
    '',
    'group = sms-service',
    'keyword = default',
    'text = ok',
    '',
  ].join('\n');
}

function exited(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => p.once('exit', () => resolve()));
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Starts bearerbox, then smsbox once bearerbox takes box connections (smsbox gives up at once otherwise); stop()
 * ends smsbox first, as Kannel wants. */
export async function startKannel(o: KannelOptions, readyMs = 20_000): Promise<KannelBoxes> {
  const dir = mkdtempSync(join(tmpdir(), 'kannel-'));
  const conf = join(dir, 'kannel.conf');
  writeFileSync(conf, config(o, dir));
  const bearerbox = spawn(BEARERBOX, [conf], { stdio: 'ignore' });
  const deadline = Date.now() + readyMs;
  while (!(await accepts(o.boxPort))) {
    if (bearerbox.exitCode !== null || Date.now() > deadline) {
      bearerbox.kill('SIGKILL');
      throw new Error(
        `bearerbox did not open its box port ${o.boxPort}:\n${readFileSync(join(dir, 'bearerbox.log'), 'utf8').slice(-3000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const smsbox = spawn(SMSBOX, [conf], { stdio: 'ignore' });
  const read = (f: string) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '');
  return {
    dir,
    sendsmsUrl: (params) =>
      `http://127.0.0.1:${o.sendsmsPort}/cgi-bin/sendsms?${new URLSearchParams({ username: 'tester', password: 'tester-pw', ...params })}`,
    log: () =>
      `--- bearerbox.log\n${read('bearerbox.log').slice(-4000)}\n--- smsbox.log\n${read('smsbox.log').slice(-2000)}`,
    async stop() {
      smsbox.kill('SIGTERM');
      await exited(smsbox);
      bearerbox.kill('SIGTERM');
      const timer = setTimeout(() => bearerbox.kill('SIGKILL'), 10_000);
      await exited(bearerbox);
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
