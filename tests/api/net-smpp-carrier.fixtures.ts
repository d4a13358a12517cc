import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The carrier SMSC we did not write (Net::SMPP, tests/smpp/net-smpp-carrier.pl) as a child process on a free port:
// every JSON line it prints is kept as a step, in order, for the tests to read what it was sent and what it did.

const SCRIPT = fileURLToPath(new URL('../smpp/net-smpp-carrier.pl', import.meta.url));

export interface CarrierStep {
  step: string;
  destination?: string;
  id?: string;
  source?: string;
  source_ton?: number;
  source_npi?: number;
  esm_class?: number;
  status?: number;
}

export interface NetSmppCarrier {
  port: number;
  steps: CarrierStep[];
  stop(): void;
}

/** Starts the script and answers once it listens. */
export async function startNetSmppCarrier(): Promise<NetSmppCarrier> {
  const smsc = spawn('perl', [SCRIPT]);
  const steps: CarrierStep[] = [];
  const lines = createInterface({ input: smsc.stdout });
  const port = await new Promise<number>((resolve, reject) => {
    smsc.once('exit', (code) => reject(new Error(`net-smpp-carrier exited ${code}`)));
    lines.on('line', (line) => {
      const step = JSON.parse(line) as CarrierStep & { port?: number };
      steps.push(step);
      if (step.step === 'listening') resolve(Number(step.port));
    });
  });
  return { port, steps, stop: () => smsc.kill() };
}
