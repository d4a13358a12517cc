import type { Config } from '../config';
import { simulatorSmsc } from './simulator-smsc';

// The simulator SMSC in a process of its own, as a carrier runs on machines of its own: its side of every PDU does
// not take the platform's event loop. Started by simulator-carrier.ts with its settings as JSON in argv; tells the
// port it listens on over IPC, and stops when told 'close' or when the platform's process goes away.

interface Settings {
  simulator: Config['simulator'];
  systemId: string;
  password: string;
  windowSize: number;
}

const send = (m: object) => process.send?.(m);
const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
const log = {
  info: () => undefined,
  warn: (obj: object, msg: string) => send({ kind: 'warn', obj: JSON.parse(JSON.stringify(obj)) as object, msg }),
};
const smsc = simulatorSmsc({ ...settings, log });
const stop = () => void smsc.close().finally(() => process.exit(0));
process.on('message', (m: { kind?: string }) => m.kind === 'close' && stop());
process.on('disconnect', stop);
const { port } = await smsc.server.listen(0, '127.0.0.1');
send({ kind: 'listening', port });
