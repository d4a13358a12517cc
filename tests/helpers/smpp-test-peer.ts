import { connect, type Socket } from 'node:net';
import { decodePdu, encodePdu } from '../../platform/smpp-wire/pdu-codec';
import { PduFrameReader } from '../../platform/smpp-wire/pdu-frame-reader';
import type { Pdu } from '../../platform/smpp-wire/pdu-types';

/** A bare ESME for tests: writes PDUs or raw bytes, collects what comes back, and waits for conditions. */
export class TestPeer {
  readonly received: Pdu[] = [];
  closed = false;
  private seq = 1;
  private readonly reader = new PduFrameReader();
  private readonly watchers = new Set<() => void>();

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const f of this.reader.push(chunk).frames) this.received.push(decodePdu(f));
      this.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
    socket.on('error', () => {});
  }

  static open(port: number): Promise<TestPeer> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new TestPeer(s)));
      s.once('error', reject);
    });
  }

  private notify(): void {
    for (const w of this.watchers) w();
  }

  /** Resolves once `check` holds (re-checked on every arrival and every few ms, for state outside the peer), or
   * fails after `ms`. */
  until<T>(check: () => T | undefined | false, what: string, ms = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        clearInterval(poll);
        this.watchers.delete(test);
      };
      const test = () => {
        const v = check();
        if (v !== undefined && v !== false) {
          stop();
          resolve(v);
        }
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
      const poll = setInterval(test, 5);
      this.watchers.add(test);
      test();
    });
  }

  /** Sends a request (with the next sequence number unless it has one) and waits for the response with that number. */
  async call(pdu: Omit<Pdu, 'sequenceNumber' | 'commandStatus'> & Partial<Pick<Pdu, 'sequenceNumber'>>): Promise<Pdu> {
    const sequenceNumber = pdu.sequenceNumber || this.seq++;
    this.socket.write(encodePdu({ commandStatus: 0, ...pdu, sequenceNumber } as Pdu));
    return this.until(
      () => this.received.find((r) => r.sequenceNumber === sequenceNumber && r.command.endsWith('_resp')),
      `response ${sequenceNumber}`,
    );
  }

  /** Sends requests in one write, so the server reads them together, and waits for each one's response, in order. */
  callTogether(pdus: Array<Omit<Pdu, 'sequenceNumber' | 'commandStatus'>>): Promise<Pdu[]> {
    const numbered = pdus.map((pdu) => ({ commandStatus: 0, ...pdu, sequenceNumber: this.seq++ }) as Pdu);
    this.socket.write(Buffer.concat(numbered.map((pdu) => encodePdu(pdu))));
    return Promise.all(
      numbered.map(({ sequenceNumber }) =>
        this.until(
          () => this.received.find((r) => r.sequenceNumber === sequenceNumber && r.command.endsWith('_resp')),
          `response ${sequenceNumber}`,
        ),
      ),
    );
  }

  write(bytes: Buffer | Pdu): void {
    this.socket.write(Buffer.isBuffer(bytes) ? bytes : encodePdu(bytes));
  }

  waitClosed(ms = 5000): Promise<true> {
    return this.until(() => this.closed, 'close', ms);
  }

  end(): void {
    this.socket.destroy();
  }
}
