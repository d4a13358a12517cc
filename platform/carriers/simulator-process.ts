import type { Config } from '../core/config';
import { simulatorSmsc } from './simulator-smsc';

// The simulator SMSC in a process of its own, as a carrier runs on machines of its own: its side of every PDU does
// not take the platform's event loop. Started by simulator-carrier.ts with its settings as JSON in argv; tells the
// port it listens on over IPC, and stops when told 'close' or when the platform's process goes away.

interface Settings {
  simulator: Config['simulator'];
  systemId: string;
  password: string;
  windowSize: number;
  /** count submits per destination and the receipts no bind took, answered to 'counts' (a bench that kills its
   * gateway counts the numbers it sent twice); off, the simulator keeps nothing per number. */
  countSubmits?: boolean;
  /** a receipt no bind took is offered again this often (unset: dropped). */
  receiptRetryMs?: number;
}

/** What 'counts' answers: submits, destinations submitted, those submitted more than once, and the destinations of
 * receipts no bind took. */
export interface SubmitCounts {
  submits: number;
  destinations: number;
  twice: string[];
  lost: string[];
}

const send = (m: object) => process.send?.(m);
const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const log = {
  info: () => undefined,
  warn: (obj: object, msg: string) => send({ kind: 'warn', obj: JSON.parse(JSON.stringify(obj)) as object, msg }),
};
const perDestination = new Map<string, number>();
const lost: string[] = [];
const counting = settings.countSubmits
  ? {
      onSubmit: (destination: string) => perDestination.set(destination, (perDestination.get(destination) ?? 0) + 1),
      onReceiptLost: (destination: string) => lost.push(destination),
    }
  : {};
const smsc = simulatorSmsc({ ...settings, log, ...counting });
const counts = (): SubmitCounts => {
  return {
    submits: [...perDestination.values()].reduce((a, b) => a + b, 0),
    destinations: perDestination.size,
    twice: [...perDestination].filter(([, n]) => n > 1).map(([d]) => d),
    lost,
  };
};
const stop = () => void smsc.close().finally(() => process.exit(0));
process.on('message', (m: { kind?: string }) => {
  if (m.kind === 'close') stop();
  else if (m.kind === 'counts') send({ kind: 'counts', counts: counts() });
});
process.on('disconnect', stop);
const { port } = await smsc.server.listen(0, '127.0.0.1');
send({ kind: 'listening', port });
