import type { Socket } from 'node:net';
import { corkedWrite } from '../smpp-wire/corked-write';
import { STATUS, statusName } from '../smpp-wire/command-status';
import { readHeader } from '../smpp-wire/pdu-codec';
import { PduFrameReader } from '../smpp-wire/pdu-frame-reader';
import { PduSession, RequestWindow } from '../smpp-wire/pdu-session';
import { isResponseId, type BindPdu, type CommandName, type Pdu, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import type {
  BindType,
  DeliverOutcome,
  DeliverPdu,
  ServerLogger,
  SessionInfo,
  SessionState,
  SmppServerOptions,
} from './server-types';
import { bindRequest, handleQuery, handleSubmit, type SubmitHost } from './session-requests';

export interface SessionHost extends SubmitHost {
  options: Required<
    Pick<
      SmppServerOptions,
      | 'bindTimeoutMs'
      | 'inactivityMs'
      | 'windowSize'
      | 'deliverWindow'
      | 'responseTimeoutMs'
      | 'maxPduOctets'
      | 'writePauseOctets'
      | 'writeLimitOctets'
    >
  > &
    SmppServerOptions;
  systemId: string;
  log: ServerLogger;
  closed(session: ServerSession, wasBound: boolean): void;
}

/** The responses the server waits for: to its deliver_sm and unbind. Others answer requests it never sends. */
const ANSWERS = new Set<CommandName>(['deliver_sm_resp', 'enquire_link_resp', 'unbind_resp', 'generic_nack']);

/** One SMPP connection: open, then bound as transmitter, receiver or transceiver, then unbound and closed. */
export class ServerSession {
  state: SessionState = 'open';
  /** set once this side began to end the session (an instance stopping, an idle or unanswering client) */
  ending = false;
  bindType: BindType | null = null;
  systemId: string | null = null;
  accountId: string | null = null;
  readonly connectedAt = new Date();
  boundAt: Date | null = null;
  submitted = 0;
  throttled = 0;
  delivered = 0;
  /** requests of the peer the server is still working on. */
  inFlight = 0;
  private readonly reader: PduFrameReader;
  private readonly queue: Buffer[] = [];
  private binding = false;
  private readonly pdus: PduSession;
  private readonly deliverWindow: RequestWindow;
  private bindTimer: NodeJS.Timeout | null;
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly settledWaiters: Array<() => void> = [];
  private readonly out: ReturnType<typeof corkedWrite>;
  /** reading stopped because the peer does not read its answers. */
  private paused = false;

  constructor(
    readonly id: string,
    private readonly socket: Socket,
    private readonly host: SessionHost,
  ) {
    this.reader = new PduFrameReader(host.options.maxPduOctets);
    this.out = corkedWrite(socket);
    this.deliverWindow = new RequestWindow(host.options.deliverWindow);
    this.pdus = new PduSession({
      write: (frame) => this.write(frame),
      onRequest: (pdu) => this.onRequest(pdu),
      // only a bind is valid before the session is bound; anything else is answered (its own response where it has
      // one, else generic_nack) and not acted on
      refusal: (pdu) => (this.state === 'open' && !pdu.command.startsWith('bind_') ? STATUS.RINVBNDSTS : null),
      answers: ANSWERS,
      onUnreadable: (err) =>
        host.log.warn({ session: id, status: statusName(err.status), reason: err.message }, 'smpp PDU refused'),
    });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => host.log.warn({ session: id, err: err.message }, 'smpp socket error'));
    socket.on('close', () => this.finish());
    this.bindTimer = setTimeout(() => {
      if (this.state === 'open') {
        host.log.info({ session: id }, 'smpp session closed: no bind in time');
        this.destroy();
      }
    }, host.options.bindTimeoutMs);
    this.touch();
  }

  get remoteAddress(): string {
    return this.socket.remoteAddress ?? '';
  }

  info(): SessionInfo {
    return {
      id: this.id,
      remoteAddress: this.remoteAddress,
      remotePort: this.socket.remotePort ?? 0,
      state: this.state,
      bindType: this.bindType,
      systemId: this.systemId,
      accountId: this.accountId,
      connectedAt: this.connectedAt,
      paused: this.paused,
      writeQueued: this.socket.writableLength,
      boundAt: this.boundAt,
      submitted: this.submitted,
      throttled: this.throttled,
      delivered: this.delivered,
    };
  }

  get canReceive(): boolean {
    return this.state === 'bound' && (this.bindType === 'receiver' || this.bindType === 'transceiver');
  }

  get canTransmit(): boolean {
    return this.state === 'bound' && (this.bindType === 'transmitter' || this.bindType === 'transceiver');
  }

  send(pdu: Pdu): void {
    this.pdus.send(pdu);
  }

  private write(frame: Buffer): void {
    if (this.socket.destroyed || !this.socket.writable) return;
    this.out.write(frame);
    // reading stops long before this; what still comes is answers to work taken in earlier, and deliver_sm
    if (this.socket.writableLength > this.host.options.writeLimitOctets) {
      this.host.log.warn({ session: this.id, queued: this.socket.writableLength }, 'smpp peer does not read: closing');
      this.socket.destroy();
      this.finish();
    }
  }

  /** A peer that does not read its answers is not read either, so what waits for it stays within a bound: reading
   * resumes once the answers drained. */
  private mustPause(): boolean {
    if (this.paused) return true;
    if (this.socket.writableLength <= Math.max(this.host.options.writePauseOctets, this.socket.writableHighWaterMark))
      return false;
    this.paused = true;
    this.socket.pause();
    this.host.log.info(
      { session: this.id, queued: this.socket.writableLength },
      'smpp peer reads slowly: reading paused',
    );
    this.socket.once('drain', () => {
      this.paused = false;
      if (this.state === 'closed') return;
      this.socket.resume();
      this.drain();
    });
    return true;
  }

  private touch(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.host.log.info({ session: this.id }, 'smpp session idle: unbinding');
      void this.end(Math.min(2000, this.host.options.responseTimeoutMs));
    }, this.host.options.inactivityMs);
  }

  private onData(chunk: Buffer): void {
    const { frames, error } = this.reader.push(chunk);
    this.queue.push(...frames);
    this.drain();
    if (error) {
      this.host.log.warn({ session: this.id, commandLength: error.commandLength }, 'smpp framing broken: closing');
      this.send({ command: 'generic_nack', commandStatus: STATUS.RINVCMDLEN, sequenceNumber: 0 });
      this.destroy();
    }
  }

  private drain(): void {
    // a bind is settled before anything sent after it is read, so a pipelined submit sees the bound state
    while (!this.binding && this.queue.length > 0 && this.state !== 'closed' && !this.mustPause()) {
      const frame = this.queue.shift()!;
      try {
        this.touch();
        this.pdus.receive(frame);
      } catch (err) {
        this.host.log.warn({ session: this.id, err: (err as Error).message }, 'smpp request failed');
        const h = readHeader(frame);
        if (!isResponseId(h.commandId))
          this.send({ command: 'generic_nack', commandStatus: STATUS.RSYSERR, sequenceNumber: h.sequenceNumber });
      }
    }
  }

  private onRequest(pdu: Pdu): void {
    switch (pdu.command) {
      case 'bind_transmitter':
      case 'bind_receiver':
      case 'bind_transceiver':
        return this.onBind(pdu);
      case 'unbind':
        void this.onUnbind(pdu.sequenceNumber);
        return;
      case 'submit_sm':
        return this.track(handleSubmit(this, this.host, pdu));
      case 'query_sm':
        return this.track(handleQuery(this, this.host, pdu));
      default:
        // deliver_sm: an ESME does not deliver to the SMSC
        return this.send({
          command: 'generic_nack',
          commandStatus: STATUS.RINVCMDID,
          sequenceNumber: pdu.sequenceNumber,
        });
    }
  }

  private track(work: Promise<void> | null): void {
    if (!work) return;
    this.inFlight++;
    void work.finally(() => {
      this.inFlight--;
      if (this.inFlight === 0) for (const w of this.settledWaiters.splice(0)) w();
    });
  }

  private idle(maxMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.settledWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private onBind(pdu: BindPdu): void {
    const respCommand = `${pdu.command}_resp` as const;
    const answer = (status: number) =>
      this.send({
        command: respCommand,
        commandStatus: status,
        sequenceNumber: pdu.sequenceNumber,
        systemId: this.host.systemId,
        tlvs: [],
      });
    if (this.state !== 'open') return answer(STATUS.RALYBND);
    const request = bindRequest(pdu, this.id, this.remoteAddress);
    const bindType = request.bindType;
    this.binding = true;
    this.host.options
      .authenticate(request)
      .catch((err: Error) => {
        this.host.log.warn({ session: this.id, err: err.message }, 'smpp authenticate failed');
        return { ok: false as const, status: STATUS.RBINDFAIL };
      })
      .then((result) => {
        if (this.state !== 'open') return;
        if (!result.ok) {
          this.host.log.info(
            { session: this.id, systemId: pdu.systemId, status: statusName(result.status) },
            'smpp bind refused',
          );
          answer(result.status);
          // one guess per connection: the refusal is written, then the connection ends
          return this.close();
        }
        this.state = 'bound';
        this.bindType = bindType;
        this.systemId = pdu.systemId;
        this.accountId = result.accountId;
        this.boundAt = new Date();
        if (this.bindTimer) clearTimeout(this.bindTimer);
        this.bindTimer = null;
        answer(STATUS.ROK);
        this.host.log.info(
          { session: this.id, accountId: result.accountId, bindType, remote: this.remoteAddress },
          'smpp bound',
        );
      })
      .finally(() => {
        this.binding = false;
        this.drain();
      });
  }

  private async onUnbind(sequenceNumber: number): Promise<void> {
    if (this.state === 'bound') this.state = 'unbinding';
    await this.idle(this.host.options.responseTimeoutMs);
    this.send({ command: 'unbind_resp', commandStatus: STATUS.ROK, sequenceNumber });
    this.socket.end();
  }

  /** Sends a request and resolves with the peer's command_status, or null when no answer came. */
  async request(pdu: Pdu, timeoutMs = this.host.options.responseTimeoutMs): Promise<number | null> {
    const resp = await this.pdus.request(pdu, timeoutMs);
    return resp ? resp.commandStatus : null;
  }

  /** deliver_sm this session may be sent now without waiting for a turn in its window. */
  get deliverRoom(): number {
    return this.canReceive ? this.deliverWindow.room : 0;
  }

  /** A deliver_sm (receipt or reply) to this session, within its window; resolves with the peer's answer. A peer that
   * leaves one unanswered for the response timeout is unbound: its window would stay full of requests it ignores. */
  async deliver(fields: DeliverPdu): Promise<DeliverOutcome> {
    if (!this.canReceive) return { ok: false, reason: this.state === 'closed' ? 'closed' : 'not-bound-to-receive' };
    const slot = this.deliverWindow.take();
    if (slot !== true && !(await slot)) return { ok: false, reason: 'closed' };
    if (!this.canReceive) {
      this.deliverWindow.give();
      return { ok: false, reason: 'closed' };
    }
    try {
      const status = await this.request({
        ...fields,
        command: 'deliver_sm',
        commandStatus: 0,
        sequenceNumber: 0,
      } as ShortMessagePdu);
      if (status === null && this.state === 'bound') {
        this.host.log.warn({ session: this.id, accountId: this.accountId }, 'smpp deliver_sm unanswered: unbinding');
        void this.end(Math.min(2000, this.host.options.responseTimeoutMs));
      }
      if (status === null) return { ok: false, reason: this.state === 'closed' ? 'closed' : 'timeout' };
      if (status === STATUS.ROK) this.delivered++;
      return { ok: true, status, sessionId: this.id };
    } finally {
      this.deliverWindow.give();
    }
  }

  /** Unbinds once the requests in work are answered (up to `graceMs`; `unbindMs` for the unbind_resp) and closes,
   * gently when the peer answered: it reads every answer written before, so no answered submit is sent again. */
  async end(graceMs: number, unbindMs = graceMs): Promise<void> {
    if (this.state === 'closed') return;
    if (this.state !== 'bound') {
      this.destroy();
      return;
    }
    this.state = 'unbinding';
    this.ending = true;
    await this.idle(graceMs);
    const answered = await this.request({ command: 'unbind', commandStatus: 0, sequenceNumber: 0 }, unbindMs);
    if (answered === null) this.destroy();
    else this.close();
  }

  /** Ends the connection after what is written (a last answer), and stops reading it at once. */
  private close(): void {
    this.out.flush();
    this.socket.end();
    setTimeout(() => this.socket.destroy(), Math.min(5000, this.host.options.responseTimeoutMs)).unref();
    this.finish();
  }

  destroy(): void {
    this.out.flush();
    this.socket.destroy();
    this.finish();
  }

  private finish(): void {
    if (this.state === 'closed') return;
    const wasBound = this.boundAt !== null;
    this.state = 'closed';
    if (this.bindTimer) clearTimeout(this.bindTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.pdus.close();
    this.deliverWindow.close();
    this.host.closed(this, wasBound);
  }
}
