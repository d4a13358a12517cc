import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Config } from '../core/config';

// Starts the simulator SMSC in a process of its own (simulator-process.ts) and answers the loopback port it listens
// on. That process's modules are TypeScript, loaded through tsx as the platform's own are.

export interface SimulatorCarrier {
  port: number;
  close(): Promise<void>;
}

const START_MS = 30_000;

export async function startSimulatorCarrier(o: {
  simulator: Config['simulator'];
  systemId: string;
  password: string;
  windowSize: number;
  log: { warn(obj: object, msg: string): void };
}): Promise<SimulatorCarrier> {
  const settings = { simulator: o.simulator, systemId: o.systemId, password: o.password, windowSize: o.windowSize };
  const child = fork(fileURLToPath(new URL('./simulator-process.ts', import.meta.url)), [JSON.stringify(settings)], {
    execArgv: ['--import', createRequire(import.meta.url).resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  child.on('message', (m: { kind: string; obj?: object; msg?: string }) => {
    if (m.kind === 'warn') o.log.warn(m.obj ?? {}, `simulator carrier: ${m.msg}`);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator carrier did not start listening')), START_MS);
    child.once('error', reject);
    void exited.then(([code]) =>
      reject(new Error(`the simulator carrier stopped (${String(code)}) before it listened`)),
    );
    child.on('message', (m: { kind: string; port?: number }) => {
      if (m.kind !== 'listening') return;
      clearTimeout(timer);
      resolve(m.port!);
    });
  }).catch((err: Error) => {
    child.kill();
    throw err;
  });
  child.on('error', (err) => o.log.warn({ err }, 'simulator carrier process failed'));
  return {
    port,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ kind: 'close' });
      const timer = setTimeout(() => child.kill(), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
