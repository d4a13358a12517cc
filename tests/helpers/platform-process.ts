import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SERVICE_BASE_PATH } from '../../contract/constants';

// The platform as `npm start` runs it, in its own process: a test can then see that the process is still alive,
// which an in-process platform cannot show. Used by the fuzz and fault suites.
export interface PlatformProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** whether the process has exited. */
  exited: () => boolean;
  /** everything it printed. */
  output: () => string;
  stop: () => Promise<void>;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** `platform/main.ts` in a process of its own on throwaway settings (in-memory PGlite, no seed, no captcha, no console,
 * no SMPP and no metrics port), `env` over them; its output is piped. Node itself runs it (tsx as a loader, not its CLI), so a
 * signal reaches the platform, SIGKILL included. */
export function spawnPlatform(env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'platform', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      SEED_RECORDS: '0',
      CAPTCHA: 'off',
      LOG_LEVEL: 'error',
      SERVE_CONSOLE: 'off',
      // no fixed SMPP port: processes side by side would all claim 2775
      SMPP_PORT: '0',
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function startPlatformProcess(env: Record<string, string> = {}, port = 0): Promise<PlatformProcess> {
  const child = spawnPlatform({ PORT: String(port), ...env });
  let out = '';
  let exitedFlag = false;
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  child.on('exit', () => (exitedFlag = true));
  const bound = await new Promise<number>((resolve, reject) => {
    const check = () => {
      const m = /SMS cloud console: http:\/\/localhost:(\d+)\//.exec(out);
      if (m) return resolve(Number(m[1]));
      if (exitedFlag) return reject(new Error(`platform exited while starting:\n${out}`));
      setTimeout(check, 50);
    };
    check();
  });
  return {
    base: `http://127.0.0.1:${bound}${SERVICE_BASE_PATH}`,
    port: bound,
    child,
    exited: () => exitedFlag,
    output: () => out,
    stop: async () => {
      if (exitedFlag) return;
      const done = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}
