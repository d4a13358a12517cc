import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { newMessageId } from '../smpp-wire/message-id';
import { DEFAULT_MAX_PDU_OCTETS } from '../smpp-wire/pdu-frame-reader';
import { ReassemblyBuffer } from './reassembly';
import { ServerSession, type SessionHost } from './server-session';
import type { DeliverOutcome, DeliverPdu, ServerLogger, SessionInfo, SmppServerOptions } from './server-types';

const SILENT: ServerLogger = { info: () => {}, warn: () => {} };

/**
 * The platform as SMSC: accepts ESME binds, hands whole messages to `submit`, and sends receipts and replies as
 * deliver_sm. Accounts, storage and rates stay behind the injected callbacks.
 */
export class SmppServer {
  private readonly server: Server;
  private readonly sessions = new Map<string, ServerSession>();
  private readonly host: SessionHost;
  private readonly expiry: NodeJS.Timeout;
  private readonly roundRobin = new Map<string, number>();
  private readonly prefix = randomBytes(3).toString('hex');
  private counter = 0;
  private closing = false;

  constructor(options: SmppServerOptions) {
    const now = options.now ?? Date.now;
    const resolved = {
      ...options,
      bindTimeoutMs: options.bindTimeoutMs ?? 30_000,
      inactivityMs: options.inactivityMs ?? 120_000,
      windowSize: options.windowSize ?? 10,
      deliverWindow: options.deliverWindow ?? 50,
      responseTimeoutMs: options.responseTimeoutMs ?? 30_000,
      maxPduOctets: options.maxPduOctets ?? DEFAULT_MAX_PDU_OCTETS,
      writePauseOctets: options.writePauseOctets ?? 64 * 1024,
      writeLimitOctets: options.writeLimitOctets ?? 1024 * 1024,
    };
    const reassembly = new ReassemblyBuffer({
      timeoutMs: options.reassemblyTimeoutMs ?? 60_000,
      now,
      maxPartsPerScope: options.maxPendingParts,
      maxOctetsPerScope: options.maxPendingOctets,
    });
    this.host = {
      options: resolved,
      systemId: options.systemId ?? 'SMSC',
      log: options.logger ?? SILENT,
      reassembly,
      newMessageId: options.newMessageId ?? newMessageId,
      closed: (session, wasBound) => {
        this.sessions.delete(session.id);
        if (wasBound) options.onUnbound?.(session.info());
      },
    };
    this.server = createServer((socket) => this.accept(socket));
    this.expiry = setInterval(() => {
      for (const expired of reassembly.expire()) {
        this.host.log.warn(
          { accountId: expired.scope, received: expired.received, total: expired.total },
          'smpp long message incomplete: dropped',
        );
        options.onIncomplete?.(expired.scope, expired);
      }
    }, 1000);
    this.expiry.unref();
  }

  private accept(socket: Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    const address = socket.remoteAddress ?? '';
    let unbound = 0;
    for (const s of this.sessions.values()) if (s.state === 'open' && s.remoteAddress === address) unbound++;
    if (unbound >= (this.host.options.maxUnboundPerAddress ?? 20)) {
      this.host.log.warn(
        { address, unbound },
        'smpp connection refused: too many unbound connections from its address',
      );
      socket.destroy();
      return;
    }
    const id = `${this.prefix}-${++this.counter}`;
    this.sessions.set(id, new ServerSession(id, socket, this.host));
  }

  /** Starts listening; port 0 takes any free port (read it from the result). */
  listen(port: number, host = '0.0.0.0'): Promise<AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve(this.server.address() as AddressInfo);
      });
    });
  }

  listSessions(): SessionInfo[] {
    return [...this.sessions.values()].map((s) => s.info());
  }

  /** Bound sessions of an account (for connection counts and live binds). */
  boundSessions(accountId: string): SessionInfo[] {
    return this.listSessions().filter((s) => s.accountId === accountId && s.state === 'bound');
  }

  /** Unbinds and closes one session (an admin ending a bind); false when there is none. */
  async endSession(sessionId: string, graceMs = 2000): Promise<boolean> {
    const s = this.sessions.get(sessionId);
    if (!s) return false;
    await s.end(graceMs);
    return true;
  }

  /** Ends every session the predicate picks (say, binds a changed user-IP list no longer allows). */
  async endSessionsWhere(pick: (s: SessionInfo) => boolean, graceMs = 2000): Promise<number> {
    const chosen = [...this.sessions.values()].filter((s) => pick(s.info()));
    await Promise.all(chosen.map((s) => s.end(graceMs)));
    return chosen.length;
  }

  /** A deliver_sm to one session, answered or not. */
  deliver(sessionId: string, pdu: DeliverPdu): Promise<DeliverOutcome> {
    const s = this.sessions.get(sessionId);
    if (!s) return Promise.resolve({ ok: false, reason: 'no-session' });
    return s.deliver(pdu);
  }

  /** A deliver_sm to the next of the account's receiver and transceiver binds in turn; `no-session` when none. With
   * `busyWhenFull` only binds with room in their window are taken, and `busy` answers at once when none has. */
  deliverToAccount(accountId: string, pdu: DeliverPdu, opts: { busyWhenFull?: boolean } = {}): Promise<DeliverOutcome> {
    const receivers = [...this.sessions.values()].filter((s) => s.accountId === accountId && s.canReceive);
    if (receivers.length === 0) return Promise.resolve({ ok: false, reason: 'no-session' });
    const open = opts.busyWhenFull ? receivers.filter((s) => s.deliverRoom > 0) : receivers;
    if (open.length === 0) return Promise.resolve({ ok: false, reason: 'busy' });
    const turn = (this.roundRobin.get(accountId) ?? 0) % open.length;
    this.roundRobin.set(accountId, turn + 1);
    return open[turn].deliver(pdu);
  }

  /** Per account with a receiving bind here, the deliver_sm its binds have room for now (0 when all are full). */
  deliverRooms(): Map<string, number> {
    const rooms = new Map<string, number>();
    for (const s of this.sessions.values())
      if (s.canReceive && s.accountId) rooms.set(s.accountId, (rooms.get(s.accountId) ?? 0) + s.deliverRoom);
    for (const [accountId, room] of rooms) if (room === 0) rooms.delete(accountId);
    return rooms;
  }

  /** Stops listening, unbinds every session (waiting up to `graceMs` for the submits in work to be answered, and up
   * to 2 s for each unbind_resp) and closes them. */
  async close(graceMs = 2000): Promise<void> {
    this.closing = true;
    clearInterval(this.expiry);
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all([...this.sessions.values()].map((s) => s.end(graceMs, Math.min(graceMs, 2000))));
    await stopped;
  }
}
