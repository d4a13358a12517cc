import { connect, type Socket } from 'node:net';
import type { Db } from '../platform/db/db';
import { appSecretOf } from '../platform/accounts/secrets';
import { interfacePasswordHashes } from '../platform/accounts/interface-password';
import { decodePdu, encodePdu } from '../platform/smpp-wire/pdu-codec';
import { PduFrameReader } from '../platform/smpp-wire/pdu-frame-reader';
import { TLV, findTlv, shortMessagePdu, type Pdu } from '../platform/smpp-wire/pdu-types';

// The SMPP side of bench/integrator.bench.ts: a bare ESME over a net socket that keeps many requests outstanding
// (TestPeer scans every PDU it ever received for each answer, which is quadratic over thousands of submits).

export const SYSTEM_ID = 'SUB001';
export const PASSWORD = 'bench123';
/** SUB001's extension: the source address a submit must start with. */
export const SOURCE_ADDR = '8003';
export const TEXT = 'Benchmark: your verification code is 123456, valid for 5 minutes.';

export const quantile = (xs: number[], q: number) =>
  xs.length === 0
    ? NaN
    : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil(xs.length * q) - 1))];
export const round1 = (x: number) => Math.round(x * 10) / 10;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const mobileOf = (i: number) => `13${String(i).padStart(9, '0')}`;

/** An interface password for SMPP binds, a balance no run exhausts, no max speed. */
export async function prepareAccount(db: Db): Promise<void> {
  await appSecretOf(db, SYSTEM_ID);
  const h = await interfacePasswordHashes(PASSWORD);
  await db.query(
    'update account_credentials set interface_password_hash = $2, interface_password_prefix_hash = $3 where cus_id = $1',
    [SYSTEM_ID, h.full, h.prefix],
  );
  await db.query("update accounts set options = coalesce(options, '{}'::jsonb) - 'maxSpeed' where cus_id = $1", [
    SYSTEM_ID,
  ]);
  await db.query("update accounts set balance = 1e9 where cus_id in ('SUB001', 'EP0001')");
}

export class BenchEsme {
  private seq = 1;
  private readonly reader = new PduFrameReader();
  private readonly waiting = new Map<number, (p: Pdu) => void>();
  /** receipts: receipted_message_id -> arrival (ms since the epoch). */
  readonly receipts = new Map<string, number>();

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const f of this.reader.push(chunk).frames) this.arrived(decodePdu(f));
    });
    socket.on('error', () => {});
  }

  static async bind(port: number, command: 'bind_transmitter' | 'bind_receiver'): Promise<BenchEsme> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const esme = new BenchEsme(socket);
    const resp = await esme.request({
      command,
      systemId: SYSTEM_ID,
      password: PASSWORD,
      systemType: '',
      interfaceVersion: 0x34,
      addrTon: 0,
      addrNpi: 0,
      addressRange: '',
      tlvs: [],
    } as unknown as Pdu);
    if (resp.commandStatus !== 0) throw new Error(`${command} answered status ${resp.commandStatus}`);
    return esme;
  }

  private arrived(p: Pdu): void {
    if (p.command === 'deliver_sm') {
      const id = findTlv(p, TLV.receipted_message_id)?.toString('latin1').replace(/\0$/, '');
      if (id && (p.esmClass & 0x04) !== 0 && !this.receipts.has(id)) this.receipts.set(id, Date.now());
      this.socket.write(
        encodePdu({
          command: 'deliver_sm_resp',
          sequenceNumber: p.sequenceNumber,
          commandStatus: 0,
          messageId: '',
          tlvs: [],
        } as Pdu),
      );
      return;
    }
    if (p.command === 'enquire_link') {
      this.socket.write(
        encodePdu({
          command: 'enquire_link_resp',
          sequenceNumber: p.sequenceNumber,
          commandStatus: 0,
          tlvs: [],
        } as Pdu),
      );
      return;
    }
    const resolve = this.waiting.get(p.sequenceNumber);
    if (resolve) {
      this.waiting.delete(p.sequenceNumber);
      resolve(p);
    }
  }

  request(pdu: Pdu): Promise<Pdu> {
    const sequenceNumber = this.seq++;
    return new Promise((resolve) => {
      this.waiting.set(sequenceNumber, resolve);
      this.socket.write(encodePdu({ ...pdu, commandStatus: 0, sequenceNumber }));
    });
  }

  /** One submit_sm; answers its status, message id and how long its submit_sm_resp took (ms). */
  async submit(
    destination: string,
    registeredDelivery = 0,
  ): Promise<{ status: number; messageId: string; ms: number }> {
    const pdu = shortMessagePdu('submit_sm', {
      sourceAddr: SOURCE_ADDR,
      destinationAddr: destination,
      registeredDelivery,
      shortMessage: Buffer.from(TEXT),
    });
    const t0 = performance.now();
    const resp = (await this.request(pdu as unknown as Pdu)) as Pdu & { messageId?: string };
    return { status: resp.commandStatus, messageId: resp.messageId ?? '', ms: performance.now() - t0 };
  }

  async close(): Promise<void> {
    await Promise.race([this.request({ command: 'unbind', tlvs: [] } as unknown as Pdu), sleep(1000)]);
    this.socket.destroy();
  }
}

/** Refusals by command_status in hex (0x58: the bind's window was full). */
function countStatus(tally: Record<string, number>, status: number): void {
  const key = `0x${status.toString(16).padStart(2, '0')}`;
  tally[key] = (tally[key] ?? 0) + 1;
}

/** Submits messages `from`..`from + count - 1` over the binds, each keeping up to `window` submit_sm outstanding. */
export async function submitWindowed(
  binds: BenchEsme[],
  window: number,
  from: number,
  count: number,
  registeredDelivery = 0,
): Promise<{ ok: number; refused: Record<string, number>; ms: number; ids: string[] }> {
  let next = 0;
  let ok = 0;
  const refused: Record<string, number> = {};
  const ids: string[] = [];
  const t0 = performance.now();
  const lane = async (esme: BenchEsme) => {
    while (next < count) {
      const i = next++;
      const r = await esme.submit(mobileOf(from + i), registeredDelivery);
      if (r.status === 0) {
        ok++;
        ids.push(r.messageId);
      } else countStatus(refused, r.status);
    }
  };
  await Promise.all(binds.flatMap((b) => Array.from({ length: window }, () => lane(b))));
  return { ok, refused, ms: performance.now() - t0, ids };
}

/** submit_sm at a steady `perSecond`, spread round-robin over the binds, not waiting for answers: each answer's delay. */
export async function submitPaced(
  binds: BenchEsme[],
  perSecond: number,
  from: number,
  count: number,
): Promise<{ latencies: number[]; refused: Record<string, number> }> {
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  const pending: Array<Promise<void>> = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(
      binds[i % binds.length].submit(mobileOf(from + i)).then((r) => {
        if (r.status === 0) latencies.push(r.ms);
        else countStatus(refused, r.status);
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, refused };
}
