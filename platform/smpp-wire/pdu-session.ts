import { STATUS } from './command-status';
import { decodePdu, encodePdu, readHeader, type PduHeaderFields } from './pdu-codec';
import { PduDecodeError } from './pdu-fields';
import type { SkippedFrame } from './pdu-frame-reader';
import { COMMAND_NAMES, isResponseId, type CommandName, type Pdu } from './pdu-types';

// What both ends of an SMPP connection do alike, the SMSC's session for integrators and the ESME's link to a carrier:
// number their requests, wait for each one's response within a time, hold a window of requests outstanding, turn a
// frame into a PDU or answer it refused, and answer enquire_link. Each end keeps what is its own (binding, what it
// submits or delivers) and tells the session how to write.

/** The response a refused request gets: its own *_resp where it has one, generic_nack otherwise. */
export function errorResponse(command: CommandName | undefined, status: number, sequenceNumber: number): Pdu {
  const base = { commandStatus: status, sequenceNumber };
  switch (command) {
    case 'bind_transmitter':
    case 'bind_receiver':
    case 'bind_transceiver':
      return { ...base, command: `${command}_resp`, systemId: '' };
    case 'submit_sm':
      return { ...base, command: 'submit_sm_resp', messageId: '' };
    case 'query_sm':
      return { ...base, command: 'query_sm_resp', messageId: '', finalDate: '', messageState: 0, errorCode: 0 };
    default:
      return { ...base, command: 'generic_nack' };
  }
}

export interface PduSessionSide {
  /** one encoded frame for the peer: the side knows what a closed or congested connection does with it */
  write(frame: Buffer): void;
  /** a request of the peer that the session does not answer itself (all but enquire_link) */
  onRequest(pdu: Pdu): void;
  /** the status a request of the peer is refused with before it is handled, enquire_link included; null to take it */
  refusal?(pdu: Pdu): number | null;
  /** responses that may end a request of this side; any other is passed over (by default every response) */
  answers?: ReadonlySet<CommandName>;
  /**
   * How a frame whose body does not decode is met. 'own-status' (the default): a request gets its own response, or
   * generic_nack where it has none, with the status of what is wrong in it; a response ends the request waiting on it
   * with that status. 'generic-nack': a request gets generic_nack ESME_RINVCMDID; a response ends its request with
   * the status in its header, ESME_RSYSERR where that is 0.
   */
  unreadable?: 'own-status' | 'generic-nack';
  /** told of every frame that does not decode, before it is answered */
  onUnreadable?(err: PduDecodeError): void;
}

interface Waiting {
  resolve: (pdu: Pdu | null) => void;
  timer: NodeJS.Timeout;
}

/** The requests of one side outstanding at once: a slot is taken before a request is written and given back with its
 * answer, handed straight to the oldest caller waiting for one. */
export class RequestWindow {
  private taken = 0;
  private readonly queue: Array<(ok: boolean) => void> = [];
  private closed = false;

  constructor(private readonly size: number) {}

  get inFlight(): number {
    return this.taken;
  }

  /** slots free now, less those promised to callers already waiting */
  get room(): number {
    return Math.max(0, this.size - this.taken - this.queue.length);
  }

  /** true when a slot is held at once; else a promise of one (true), or of false when the window closes first */
  take(): true | Promise<boolean> {
    if (!this.closed && this.taken < this.size) {
      this.taken++;
      return true;
    }
    if (this.closed) return Promise.resolve(false);
    return new Promise<boolean>((resolve) =>
      this.queue.push((ok) => {
        if (ok) this.taken++;
        resolve(ok);
      }),
    );
  }

  give(): void {
    this.taken--;
    this.queue.shift()?.(true);
  }

  /** Callers waiting for a slot get false; the slots held are given back as their requests end. */
  close(): void {
    this.closed = true;
    for (const go of this.queue.splice(0)) go(false);
  }
}

/** Sequence numbers, the requests waiting for their responses, and the reading of what the peer sends. */
export class PduSession {
  private nextSeq = 1;
  private readonly waiting = new Map<number, Waiting>();
  private closed = false;
  private keepAliveTimer: NodeJS.Timeout | null = null;
  /** when the peer last sent anything: a connection this side only writes to is not known to be alive. */
  private lastHeard = Date.now();

  constructor(private readonly side: PduSessionSide) {}

  /** 1 to 0x7fffffff, then 1 again: the range SMPP gives sequence numbers. */
  nextSequence(): number {
    const sequenceNumber = this.nextSeq;
    this.nextSeq = this.nextSeq >= 0x7fffffff ? 1 : this.nextSeq + 1;
    return sequenceNumber;
  }

  send(pdu: Pdu): void {
    this.side.write(encodePdu(pdu));
  }

  /** Numbers and sends a request; resolves with the peer's response, or null when none came within `timeoutMs` or the
   * session closed first. A PDU that cannot be encoded throws here and leaves nothing waiting. */
  request(pdu: Pdu, timeoutMs: number): Promise<Pdu | null> {
    if (this.closed) return Promise.resolve(null);
    const sequenceNumber = this.nextSequence();
    const frame = encodePdu({ ...pdu, sequenceNumber } as Pdu);
    return new Promise<Pdu | null>((resolve) => {
      const timer = setTimeout(() => this.settle(sequenceNumber, null), timeoutMs);
      this.waiting.set(sequenceNumber, { resolve, timer });
      this.side.write(frame);
    });
  }

  private settle(sequenceNumber: number, pdu: Pdu | null): void {
    const w = this.waiting.get(sequenceNumber);
    if (!w) return;
    this.waiting.delete(sequenceNumber);
    clearTimeout(w.timer);
    w.resolve(pdu);
  }

  /** The peer sent something (a chunk of any size): the keep-alive counts quiet from here. */
  heard(): void {
    this.lastHeard = Date.now();
  }

  /** One whole frame of the peer's: a response ends the request it answers, enquire_link is answered, any other
   * request goes to the side; a frame that does not decode is answered refused (or ends its request as refused). */
  receive(frame: Buffer): void {
    let pdu: Pdu;
    try {
      pdu = decodePdu(frame);
    } catch (err) {
      if (!(err instanceof PduDecodeError)) throw err;
      this.unreadable(err, readHeader(frame));
      return;
    }
    if (isResponseId(frame.readUInt32BE(4))) {
      if (!this.side.answers || this.side.answers.has(pdu.command)) this.settle(pdu.sequenceNumber, pdu);
      return;
    }
    const refused = this.side.refusal?.(pdu) ?? null;
    if (refused !== null) return this.send(errorResponse(pdu.command, refused, pdu.sequenceNumber));
    if (pdu.command === 'enquire_link')
      return this.send({ command: 'enquire_link_resp', commandStatus: STATUS.ROK, sequenceNumber: pdu.sequenceNumber });
    this.side.onRequest(pdu);
  }

  private unreadable(err: PduDecodeError, header: PduHeaderFields): void {
    this.side.onUnreadable?.(err);
    const own = (this.side.unreadable ?? 'own-status') === 'own-status';
    if (isResponseId(err.commandId)) {
      const status = own ? err.status : header.commandStatus || STATUS.RSYSERR;
      this.settle(err.sequenceNumber, {
        command: 'generic_nack',
        commandStatus: status,
        sequenceNumber: err.sequenceNumber,
      });
    } else if (own) this.send(errorResponse(COMMAND_NAMES.get(err.commandId), err.status, err.sequenceNumber));
    else this.send({ command: 'generic_nack', commandStatus: STATUS.RINVCMDID, sequenceNumber: err.sequenceNumber });
  }

  /** A frame the reader passed over as too long: a request is answered generic_nack ESME_RINVCMDLEN, a response ends
   * its request refused with that status. */
  skipped(f: SkippedFrame): void {
    const nack: Pdu = { command: 'generic_nack', commandStatus: STATUS.RINVCMDLEN, sequenceNumber: f.sequenceNumber };
    if (isResponseId(f.commandId)) this.settle(f.sequenceNumber, nack);
    else this.send(nack);
  }

  /** Sends enquire_link once the peer has been quiet for `quietMs` (counted from the last read, not the last write: a
   * busy connection whose answers stopped coming is found out too); `dead` is called when one goes unanswered while
   * `live()` still holds. */
  keepAlive(quietMs: number, timeoutMs: number, live: () => boolean, dead: () => void): void {
    let enquiring = false;
    this.keepAliveTimer = setInterval(
      () => {
        if (!live() || enquiring || Date.now() - this.lastHeard < quietMs) return;
        enquiring = true;
        void this.request({ command: 'enquire_link', commandStatus: 0, sequenceNumber: 0 }, timeoutMs).then((resp) => {
          enquiring = false;
          if (!resp && live()) dead();
        });
      },
      Math.max(10, Math.floor(quietMs / 4)),
    );
  }

  /** Requests still waiting end unanswered (null), and none are sent from now on. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    for (const seq of [...this.waiting.keys()]) this.settle(seq, null);
  }
}
