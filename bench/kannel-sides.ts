import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SubmitCounts } from '../platform/carriers/simulator-process';
import type { Config } from '../platform/core/config';
import { BEARERBOX, SMSBOX, freePort } from '../tests/smpp/kannel-boxes';
import { PLATFORM_NODE_FLAGS } from './bench-platform';

// The parts of bench/kannel.bench.ts: the simulator SMSC both gateways send to, the HTTP sink both report to, CPU
// seconds from /proc, and each gateway started as the machine would run it.

const ROOT = join(import.meta.dirname, '..');
export const SMSC_USER = 'bench';
export const SMSC_PASSWORD = 'bench';
/** submit_sm outstanding per bind, the same for both gateways. */
export const WINDOW = 50;
export const SIMULATOR: Config['simulator'] = {
  reviewMs: 0,
  reportMs: 50,
  successRate: 1,
  failureRate: 0,
  replyRate: 0,
};

export interface Smsc {
  port: number;
  pid: number;
  /** what it received per number (started with countSubmits). */
  counts: () => Promise<SubmitCounts>;
  stop: () => Promise<void>;
}

/** The simulator SMSC in a process of its own; answers its port. */
export async function startSmsc(o: { countSubmits?: boolean; receiptRetryMs?: number } = {}): Promise<Smsc> {
  const child = fork(
    join(ROOT, 'platform/carriers/simulator-process.ts'),
    [
      JSON.stringify({
        simulator: SIMULATOR,
        systemId: SMSC_USER,
        password: SMSC_PASSWORD,
        windowSize: 1000,
        countSubmits: o.countSubmits,
        receiptRetryMs: o.receiptRetryMs,
      }),
    ],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { kind?: string; port?: number }) => m.kind === 'listening' && resolve(m.port!));
    child.once('exit', () => reject(new Error('the simulator SMSC exited')));
  });
  const counts = () =>
    new Promise<SubmitCounts>((resolve) => {
      const take = (m: { kind?: string; counts?: SubmitCounts }) => {
        if (m.kind !== 'counts') return;
        child.off('message', take);
        resolve(m.counts!);
      };
      child.on('message', take);
      child.send({ kind: 'counts' });
    });
  return { port, pid: child.pid!, counts, stop: () => stopChild(child, () => child.send({ kind: 'close' })) };
}

function stopChild(child: ChildProcess, ask: () => void = () => child.kill('SIGTERM')): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const done = new Promise<void>((r) => child.once('exit', () => r()));
  ask();
  const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return done.finally(() => clearTimeout(t));
}

export interface Sink {
  url: string;
  /** number -> first final report's arrival (ms since the epoch). */
  finals: Map<string, number>;
  /** reports whose delivery id (platform) or number (Kannel) came a second time. */
  doubles: number;
  /** platform reports for a number that had its final report already, under a delivery id not seen before. */
  doublesNewId: number;
  requests: number;
  reset: () => void;
  close: () => Promise<void>;
}

interface Report {
  mobile: string;
  deliveryId?: string;
}

/** One HTTP receiver for both: the platform POSTs JSON with X-Sms-Delivery-Id, Kannel GETs its dlr-url. */
export async function startSink(): Promise<Sink> {
  const seenIds = new Set<string>();
  const sink: Sink = {
    url: '',
    finals: new Map(),
    doubles: 0,
    doublesNewId: 0,
    requests: 0,
    reset: () => {
      sink.finals.clear();
      seenIds.clear();
      sink.doubles = 0;
      sink.doublesNewId = 0;
      sink.requests = 0;
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      sink.requests += 1;
      const at = Date.now();
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/kannel') {
        // dlr-mask 19 asks for the final reports only, as the platform sends them: delivered (1), failed (2) and
        // rejected by the SMSC (16)
        const type = Number(u.searchParams.get('t'));
        const number = [u.searchParams.get('p'), u.searchParams.get('P')].find((n) => n?.startsWith('13')) ?? '';
        if (type === 1 || type === 2 || type === 16) {
          if (sink.finals.has(number)) sink.doubles += 1;
          else sink.finals.set(number, at);
        }
      } else {
        // one report a post, known by the header's id; or a group, each report known by its own deliveryId (a retry
        // may group them differently)
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report | Report[];
        const header = String(req.headers['x-sms-delivery-id'] ?? '');
        for (const r of Array.isArray(body) ? body : [{ ...body, deliveryId: header }]) {
          if (seenIds.has(r.deliveryId!)) sink.doubles += 1;
          else {
            seenIds.add(r.deliveryId!);
            if (sink.finals.has(r.mobile)) sink.doublesNewId += 1;
            else sink.finals.set(r.mobile, at);
          }
        }
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  sink.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  sink.close = () => new Promise((r) => server.close(() => r()));
  return sink;
}

const TICK = 100;
/** CPU seconds a process has used, its reaped children included. */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 14-17 of stat: utime stime cutime cstime (f starts at field 3)
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
  } catch {
    return 0;
  }
}

/** A process and its live children, e.g. the postmaster and its backends. */
export function cpuOfTree(pid: number): number {
  let total = cpuOf(pid);
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) total += cpuOfTree(Number(d));
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/** The postmaster listening on `port` (its command line carries `-p port`). */
export function postmasterPid(port: number): number {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
      if (cmd[0].endsWith('/postgres') && cmd[cmd.indexOf('-p') + 1] === String(port)) return Number(d);
    } catch {
      /* gone meanwhile */
    }
  }
  throw new Error(`no postmaster on port ${port}`);
}

export interface Gateway {
  pid: number;
  /** pids whose CPU is counted (a gateway's own processes). */
  pids: () => number[];
  stop: () => Promise<void>;
  kill: () => void;
}

export interface PlatformGateway extends Gateway {
  origin: string;
  secret: string;
  /** what the process printed (its log at LOG_LEVEL error). */
  output: () => string;
}

/** The platform as its own node process, sending to the simulator SMSC through a CARRIERS_FILE. */
export async function startPlatformGateway(o: {
  smscPort: number;
  sinkUrl: string;
  databaseUrl: string | null;
  dataDir: string;
  profileDir?: string;
  /** --perf-basic-prof: perf names the platform's JavaScript */
  perfMap?: boolean;
  /** reports per callback the account takes (1: each on its own). */
  reportBatch?: number;
}): Promise<PlatformGateway> {
  const carriers = join(o.dataDir, 'carriers.json');
  writeFileSync(
    carriers,
    JSON.stringify({
      carriers: [
        {
          name: 'sim',
          host: '127.0.0.1',
          port: o.smscPort,
          systemId: SMSC_USER,
          password: SMSC_PASSWORD,
          binds: 1,
          window: WINDOW,
          rate: 100_000,
        },
      ],
      routes: [{ carriers: ['sim'] }],
    }),
  );
  const prof = [
    ...(o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : []),
    ...(o.perfMap ? ['--perf-basic-prof'] : []),
    ...PLATFORM_NODE_FLAGS,
  ];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', join(ROOT, 'bench/kannel-platform-child.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(o.dataDir, 'pglite'),
      ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
      SEED_RECORDS: '0',
      CAPTCHA: 'off',
      LOG_LEVEL: 'error',
      SERVE_CONSOLE: 'off',
      SMPP_PORT: '0',
      // bench platforms run beside others: the metrics port is off unless a run measures it
      METRICS_PORT: process.env.BENCH_METRICS_PORT ?? '0',
      CARRIERS_FILE: carriers,
      CALLBACK_ALLOW_PRIVATE: 'on',
      SINK_URL: `${o.sinkUrl}/platform`,
      REPORT_BATCH: String(o.reportBatch ?? 1),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const ready = await new Promise<{ port: number; secret: string }>((resolve, reject) => {
    const check = () => {
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) return resolve(JSON.parse(line));
      if (child.exitCode !== null) return reject(new Error(`platform exited while starting:\n${out}`));
      setTimeout(check, 50);
    };
    check();
  });
  return {
    pid: child.pid!,
    pids: () => [child.pid!],
    origin: `http://127.0.0.1:${ready.port}`,
    secret: ready.secret,
    output: () => out,
    stop: () => stopChild(child),
    kill: () => child.kill('SIGKILL'),
  };
}

export interface KannelGateway extends Gateway {
  sendsmsUrl: (to: string[], dlrUrl: string) => string;
}

/** bearerbox + smsbox with one SMPP transceiver to the simulator SMSC, receipts kept in memory (dlr-storage internal);
 * with `storeFile`, bearerbox keeps its queue in that file (store-type file), so a restart sends what it held. */
export async function startKannelGateway(smscPort: number, o: { storeFile?: string } = {}): Promise<KannelGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'kannel-bench-'));
  const taken = new Set<number>();
  const [adminPort, boxPort, sendsmsPort] = [
    await freePort(23000, 23999, taken),
    await freePort(23000, 23999, taken),
    await freePort(23000, 23999, taken),
  ];
  const conf = join(dir, 'kannel.conf');
  writeFileSync(
    conf,
    [
      'group = core',
      `admin-port = ${adminPort}`,
      'admin-password = kannel-admin',
      `smsbox-port = ${boxPort}`,
      'box-allow-ip = 127.0.0.1',
      `log-file = ${join(dir, 'bearerbox.log')}`,
      'log-level = 2',
      'dlr-storage = internal',
      ...(o.storeFile ? ['store-type = file', `store-location = ${o.storeFile}`] : []),
      '',
      'group = smsc',
      'smsc = smpp',
      'smsc-id = sim',
      'host = 127.0.0.1',
      `port = ${smscPort}`,
      'transceiver-mode = true',
      `smsc-username = ${SMSC_USER}`,
      `smsc-password = ${SMSC_PASSWORD}`,
      'system-type = kannel',
      'interface-version = 34',
      `max-pending-submits = ${WINDOW}`,
      'reconnect-delay = 1',
      '',
      'group = smsbox',
      'bearerbox-host = 127.0.0.1',
      `bearerbox-port = ${boxPort}`,
      `sendsms-port = ${sendsmsPort}`,
      `log-file = ${join(dir, 'smsbox.log')}`,
      'log-level = 2',
      '',
      'group = sendsms-user',
      'username = bench',
      'password = bench-pw',
      '',
    ].join('\n'),
  );
  const bearerbox = spawn(BEARERBOX, [conf], { stdio: 'ignore' });
  await waitUntil(
    async () =>
      (
        await fetch(`http://127.0.0.1:${adminPort}/status.txt?password=kannel-admin`)
          .then((r) => r.text())
          .catch(() => '')
      ).includes('online'),
    20_000,
    'bearerbox to bind to the SMSC',
  );
  const smsbox = spawn(SMSBOX, [conf], { stdio: 'ignore' });
  await waitUntil(
    async () =>
      await fetch(`http://127.0.0.1:${sendsmsPort}/`)
        .then(() => true)
        .catch(() => false),
    20_000,
    'smsbox to listen',
  );
  return {
    pid: bearerbox.pid!,
    pids: () => [bearerbox.pid!, smsbox.pid!],
    sendsmsUrl: (to, dlrUrl) =>
      `http://127.0.0.1:${sendsmsPort}/cgi-bin/sendsms?${new URLSearchParams({ username: 'bench', password: 'bench-pw', from: '8003', to: to.join(' '), text: 'Your verification code is 123456, valid for 5 minutes.', 'dlr-mask': '19', 'dlr-url': dlrUrl })}`,
    stop: async () => {
      await stopChild(smsbox);
      await stopChild(bearerbox);
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => {
      smsbox.kill('SIGKILL');
      bearerbox.kill('SIGKILL');
    },
  };
}

export async function waitUntil(ok: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
