import { connect, type Socket } from 'node:net';
import { corkedWrite } from '../smpp-wire/corked-write';
import { STATUS } from '../smpp-wire/command-status';
import { PduFrameReader } from '../smpp-wire/pdu-frame-reader';
import { PduSession, RequestWindow } from '../smpp-wire/pdu-session';
import type { BindCommand, Pdu, ShortMessagePdu } from '../smpp-wire/pdu-types';

// One SMPP connection from the platform to a carrier's SMSC, the platform acting as ESME: connect and bind, submit_sm
// within a window of outstanding requests, answer deliver_sm (receipts and MO) and enquire_link, keep the link alive,
// unbind. A submit's answer tells apart what the carrier said, what was never written (safe to send again) and what
// was written but never answered (the carrier may have it: its state is unknown, never blindly resent).

export type BindMode = 'transceiver' | 'transmitter' | 'receiver';

export interface EsmeOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType?: string;
  bindMode: BindMode;
  addrTon?: number;
  addrNpi?: number;
  /** submit_sm outstanding at once; more wait for a slot. */
  window: number;
  /** how long a request waits for its response before it counts as unanswered. */
  responseTimeoutMs: number;
  /** an enquire_link after this long without traffic; unanswered, the link is closed as dead. */
  enquireLinkMs: number;
  /** connect and bind within this long. */
  bindTimeoutMs: number;
  /** a deliver_sm from the carrier (a receipt or an MO); answers the deliver_sm_resp status. */
  onDeliver?: (pdu: ShortMessagePdu) => Promise<number> | number;
  maxPduOctets?: number;
}

export type SubmitFields = Omit<ShortMessagePdu, 'command' | 'sequenceNumber' | 'commandStatus'>;

/** A short message PDU's fields, without what the session numbers and answers. */
export function submitFieldsOf(pdu: ShortMessagePdu): SubmitFields {
  const { command: _c, sequenceNumber: _s, commandStatus: _st, ...fields } = pdu;
  return fields;
}

export type SubmitAnswer =
  | { kind: 'accepted'; messageId: string }
  | { kind: 'refused'; status: number }
  /** never written to the carrier: may be sent again */
  | { kind: 'unsent' }
  /** written, then no answer (timeout or the link closed): the carrier may have it */
  | { kind: 'unanswered' };

/** The carrier refused the bind (its command_status), or gave no answer in time. */
export class BindError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

const BIND_COMMANDS: Record<BindMode, BindCommand> = {
  transceiver: 'bind_transceiver',
  transmitter: 'bind_transmitter',
  receiver: 'bind_receiver',
};

export class EsmeSession {
  private readonly reader: PduFrameReader;
  private readonly pdus: PduSession;
  private readonly window: RequestWindow;
  private state: 'bound' | 'unbinding' | 'closed' = 'bound';
  private readonly closedHandlers: Array<(reason: string) => void> = [];
  /** why the link closed, once it has. */
  closeReason: string | null = null;
  private readonly out: ReturnType<typeof corkedWrite>;

  private constructor(
    private readonly socket: Socket,
    private readonly opts: EsmeOptions,
  ) {
    // a frame past the bound is passed over and answered, so one oversized deliver_sm does not cost the replies after it
    this.reader = new PduFrameReader(opts.maxPduOctets, { skipOversized: true });
    this.out = corkedWrite(socket);
    this.window = new RequestWindow(opts.window);
    this.pdus = new PduSession({
      write: (frame) => this.writeFrame(frame),
      onRequest: (pdu) => this.onRequest(pdu),
      // a PDU this side cannot read: a response ends its request as refused, a request gets generic_nack
      unreadable: 'generic-nack',
    });
  }

  /** Connects and binds; rejects with BindError when the carrier refuses or does not answer in time. */
  static async open(opts: EsmeOptions): Promise<EsmeSession> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(opts.port, opts.host);
      const timer = setTimeout(() => {
        s.destroy();
        reject(new BindError(null, `connect to ${opts.host}:${opts.port} timed out`));
      }, opts.bindTimeoutMs);
      s.once('connect', () => {
        clearTimeout(timer);
        resolve(s);
      });
      s.once('error', (err) => {
        clearTimeout(timer);
        reject(new BindError(null, err.message));
      });
    });
    const session = new EsmeSession(socket, opts);
    session.listen();
    const resp = await session.pdus.request(
      {
        command: BIND_COMMANDS[opts.bindMode],
        systemId: opts.systemId,
        password: opts.password,
        systemType: opts.systemType ?? '',
        interfaceVersion: 0x34,
        addrTon: opts.addrTon ?? 0,
        addrNpi: opts.addrNpi ?? 0,
        addressRange: '',
      } as Pdu,
      opts.bindTimeoutMs,
    );
    if (!resp || resp.commandStatus !== STATUS.ROK) {
      session.destroy(resp ? 'bind refused' : 'bind unanswered');
      throw new BindError(
        resp?.commandStatus ?? null,
        resp ? `bind refused with status 0x${resp.commandStatus.toString(16)}` : 'bind unanswered',
      );
    }
    session.pdus.keepAlive(
      opts.enquireLinkMs,
      opts.responseTimeoutMs,
      () => session.state === 'bound',
      () => session.destroy('enquire_link unanswered'),
    );
    return session;
  }

  get bound(): boolean {
    return this.state === 'bound';
  }

  /** submit_sm outstanding now. */
  get inFlight(): number {
    return this.window.inFlight;
  }

  /** Called once when the link closes, with why. */
  onClosed(handler: (reason: string) => void): void {
    if (this.closeReason !== null) handler(this.closeReason);
    else this.closedHandlers.push(handler);
  }

  /** Sends a submit_sm once a window slot is free; answers what became of it. */
  async submit(fields: SubmitFields): Promise<SubmitAnswer> {
    if (!(await this.slot())) return { kind: 'unsent' };
    try {
      if (this.state !== 'bound') return { kind: 'unsent' };
      const resp = await this.pdus.request(
        { ...fields, command: 'submit_sm', commandStatus: 0, sequenceNumber: 0 } as ShortMessagePdu,
        this.opts.responseTimeoutMs,
      );
      if (!resp) return { kind: 'unanswered' };
      if (resp.commandStatus !== STATUS.ROK) return { kind: 'refused', status: resp.commandStatus };
      const messageId = (resp as { messageId?: string }).messageId ?? '';
      return messageId === '' ? { kind: 'refused', status: STATUS.RSYSERR } : { kind: 'accepted', messageId };
    } finally {
      this.window.give();
    }
  }

  /** Unbinds (waiting up to `graceMs` for the answer) and closes. */
  async unbind(graceMs = 2000): Promise<void> {
    if (this.state !== 'bound') return;
    this.state = 'unbinding';
    await this.pdus.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 } as Pdu, graceMs);
    this.destroy('unbound');
  }

  private async slot(): Promise<boolean> {
    if (this.state !== 'bound') return false;
    return this.window.take();
  }

  private listen(): void {
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => {
      this.pdus.heard();
      const { frames, error, skipped } = this.reader.push(chunk);
      for (const frame of frames) this.pdus.receive(frame);
      for (const f of skipped ?? []) this.pdus.skipped(f);
      // a length the stream cannot be read past: nothing more can be read on this link, so it is dropped (and rebound)
      // rather than left writing to a carrier it no longer hears
      if (error) this.destroy(`broken framing from the carrier: ${error.message}`);
    });
    this.socket.on('close', () => this.destroy('closed by the carrier'));
    this.socket.on('error', (err) => this.destroy(err.message));
  }

  private onRequest(pdu: Pdu): void {
    switch (pdu.command) {
      case 'unbind':
        this.write({ command: 'unbind_resp', commandStatus: STATUS.ROK, sequenceNumber: pdu.sequenceNumber } as Pdu);
        this.destroy('unbound by the carrier');
        return;
      case 'deliver_sm':
        void this.answerDeliver(pdu);
        return;
      default:
        this.write({
          command: 'generic_nack',
          commandStatus: STATUS.RINVCMDID,
          sequenceNumber: pdu.sequenceNumber,
        } as Pdu);
    }
  }

  private async answerDeliver(pdu: ShortMessagePdu): Promise<void> {
    let status: number = STATUS.RSYSERR;
    try {
      status = this.opts.onDeliver ? await this.opts.onDeliver(pdu) : STATUS.ROK;
    } catch {
      // kept by the carrier and sent again: nothing is lost by answering a failure
    }
    if (this.state !== 'closed')
      this.write({
        command: 'deliver_sm_resp',
        commandStatus: status,
        sequenceNumber: pdu.sequenceNumber,
        messageId: '',
      } as Pdu);
  }

  private write(pdu: Pdu): void {
    this.pdus.send(pdu);
  }

  private writeFrame(frame: Buffer): void {
    if (this.state === 'closed') return;
    this.out.write(frame);
  }

  /** Closes the link: requests waiting for an answer end unanswered, submits waiting for a slot end unsent. */
  destroy(reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.closeReason = reason;
    this.out.flush();
    this.socket.destroy();
    this.pdus.close();
    this.window.close();
    for (const h of this.closedHandlers.splice(0)) h(reason);
  }
}
