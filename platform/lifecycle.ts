import { createServer } from 'node:net';
import { portInUse, type Config } from './core/config';
import { StartError, type Platform } from './server';

// How the process starts, fails and stops (`npm start`, platform/main.ts). A start that cannot do its job ends the
// process at once with one line naming the cause; an error nothing handled ends it too, so a supervisor starts a
// clean instance instead of one that looks alive and serves nothing.

/** A start step that failed, so the cause can be named in the process's terms. */
export type StartStep = 'config' | 'database' | 'platform' | 'http';

/** Fails, as the real listen would, when the HTTP or SMPP port is taken: checked before the database is opened and
 * migrated, so a second instance on the same ports ends in moments, not after a slow start. The real listens later
 * still fail on their own if a port is taken in between. */
export async function checkPortsFree(config: Config): Promise<void> {
  const probe = (port: number, step: StartStep) =>
    new Promise<void>((resolve, reject) => {
      const s = createServer();
      s.once('error', (err) => reject(Object.assign(err, { step })));
      s.listen(port, config.host, () => s.close(() => resolve()));
    });
  if (config.port !== 0) await probe(config.port, 'http');
  if (typeof config.smppPort === 'number') await probe(config.smppPort, 'platform');
  if (typeof config.metricsPort === 'number') {
    const port = config.metricsPort;
    await probe(port, 'platform').catch((err: NodeJS.ErrnoException) => {
      throw Object.assign(err.code === 'EADDRINUSE' ? new StartError(portInUse('metrics', port)) : err, {
        step: 'platform',
      });
    });
  }
}

/** The database a start opens, without any password in its URL. */
export function databaseName(config: Config): string {
  if (!config.databaseUrl) return `PGlite in ${config.dataDir ?? 'memory'}`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL at ${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is not a URL)';
  }
}

/** The one line a failed start ends with. Longer causes (a carriers file's bad fields) keep their other lines before it. */
export function startFailure(
  step: StartStep,
  err: unknown,
  config: Config | null,
): { details: string[]; line: string } {
  const e = err as NodeJS.ErrnoException & { port?: number };
  const [first, ...rest] = String(e?.message ?? err).split('\n');
  const cause = (() => {
    if (e?.code === 'EADDRINUSE') {
      // the SMPP server is the only listener opened while the platform is built; HTTP listens last
      if (step === 'http') return portInUse('http', e.port ?? config?.port);
      return portInUse('smpp', e.port ?? config?.smppPort);
    }
    if (e?.code === 'EACCES' && e.syscall === 'listen')
      return `${step === 'http' ? 'HTTP' : 'SMPP'} port ${e.port} may not be opened by this user`;
    if (step === 'database' && config && !config.databaseUrl)
      return `database could not be opened (${databaseName(config)}): ${first}`;
    if (step === 'database')
      return `database unreachable (${config ? databaseName(config) : 'DATABASE_URL'}): ${first}`;
    if (step === 'config') return `bad configuration: ${first}`;
    // a carriers file names its bad fields on the lines before
    return first.replace(/:\s*$/, '');
  })();
  return { details: rest, line: `start failed: ${cause}` };
}

/** Prints why the start failed (its last line) and ends the process with a failure code. */
export function exitOnStartFailure(step: StartStep, err: unknown, config: Config | null): never {
  const { details, line } = startFailure(step, err, config);
  // the stack helps only with an error no step expected
  if (
    !(err as NodeJS.ErrnoException)?.code &&
    !(err instanceof StartError) &&
    step === 'platform' &&
    details.length === 0
  ) {
    console.error((err as Error)?.stack ?? err);
  }
  for (const d of details) console.error(d);
  console.error(line);
  process.exit(1);
}

/** An error that escaped every handler leaves the process in a state nothing planned for: it is logged with its stack
 * and the process exits non-zero, for its supervisor to restart. A failed request never gets here (Fastify answers it),
 * nor does a failed background round (core/background-loop.ts logs it and retries). */
export function exitOnUncaughtErrors(): void {
  const fail = (what: string) => (err: unknown) => {
    console.error(`${what}, exiting:`, err instanceof Error ? err.stack : err);
    process.exit(1);
  };
  process.on('uncaughtException', fail('uncaught exception'));
  process.on('unhandledRejection', fail('unhandled rejection'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A stop on SIGTERM or SIGINT: /ready turns 503 and new requests are refused at once; answers under way are finished
 * (for at most half of SHUTDOWN_TIMEOUT_S); then the platform closes (SMPP sessions unbound, background loops stopped,
 * the database closed) and the process exits 0. Past SHUTDOWN_TIMEOUT_S it exits 1 whatever is still open. */
export function stopOnSignals(platform: Platform, config: Config): void {
  let stopping = false;
  const stop = async (sig: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const log = platform.app.log;
    log.info({ sig, timeoutS: config.shutdownTimeoutS }, 'shutting down');
    setTimeout(() => {
      console.error(`shutdown did not finish within SHUTDOWN_TIMEOUT_S=${config.shutdownTimeoutS} s, exiting`);
      process.exit(1);
    }, config.shutdownTimeoutS * 1000).unref();
    platform.lifecycle.draining = true;
    const answersUntil = performance.now() + (config.shutdownTimeoutS * 1000) / 2;
    while (platform.lifecycle.unanswered() > 0 && performance.now() < answersUntil) await sleep(50);
    try {
      await platform.close();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void stop(sig));
}
