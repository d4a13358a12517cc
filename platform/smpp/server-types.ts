import type { AssembledMessage, ExpiredMessage } from './reassembly';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';

export type BindType = 'transmitter' | 'receiver' | 'transceiver';

export type SessionState = 'open' | 'bound' | 'unbinding' | 'closed';

export interface BindRequest {
  sessionId: string;
  systemId: string;
  password: string;
  systemType: string;
  interfaceVersion: number;
  remoteAddress: string;
  bindType: BindType;
}

/** ok with the account the bind acts for, or the command_status the bind is refused with. */
export type AuthResult = { ok: true; accountId: string } | { ok: false; status: number };

/** What the server shows of a session (live binds in the console, the callbacks' first argument). */
export interface SessionInfo {
  id: string;
  remoteAddress: string;
  remotePort: number;
  state: SessionState;
  bindType: BindType | null;
  systemId: string | null;
  accountId: string | null;
  connectedAt: Date;
  boundAt: Date | null;
  /** reading stopped until the peer reads what is written to it. */
  paused: boolean;
  /** octets written to the peer and not yet taken by it. */
  writeQueued: number;
  submitted: number;
  throttled: number;
  delivered: number;
}

/** A whole message. Its `partIds` are the ids already answered for the other parts of a long message, in part
 * order, null for the part whose submit_sm_resp waits on this call: a receipt or query may name any of them. */
export type SubmittedMessage = AssembledMessage;

/** The message id to answer with once the message is stored durably, or the command_status to refuse it with. */
export type SubmitOutcome = { messageId: string } | { status: number };

export interface QueryRequest {
  messageId: string;
  sourceAddr: string;
}

export type QueryOutcome = { finalDate: string; messageState: number; errorCode: number } | { status: number };

/** The result of a deliver_sm the server sent: the peer's command_status, or why no answer came. */
export type DeliverOutcome =
  | { ok: true; status: number; sessionId: string }
  | { ok: false; reason: 'timeout' | 'closed' | 'not-bound-to-receive' | 'no-session' | 'busy' };

export interface ServerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SmppServerOptions {
  /** system_id the server names itself with in bind responses. */
  systemId?: string;
  authenticate(req: BindRequest): Promise<AuthResult>;
  /** Called once per whole message (a long message once, after its last part); answers after storing it. */
  submit(session: SessionInfo, message: SubmittedMessage): Promise<SubmitOutcome>;
  query?(session: SessionInfo, req: QueryRequest): Promise<QueryOutcome>;
  /** Rate check per submit_sm before anything is stored: ESME_ROK to go on, or the status to refuse it with. `cost`
   * is the segments this PDU carries (one per part of a long message). */
  admit?(session: SessionInfo, cost: number): number;
  /** A whole message was answered: ESME_ROK when taken, else the status it was refused with (for the metrics). */
  onSubmitAnswered?(status: number): void;
  /** A bound session ended (unbind, close, timeout, shutdown): for connection counts. */
  onUnbound?(session: SessionInfo): void;
  /** Parts of a long message that never completed (each was answered with the id in `expired.partIds`). */
  onIncomplete?(accountId: string, expired: ExpiredMessage): void;
  logger?: ServerLogger;
  /** a session must bind within this many ms of connecting (default 30 s). */
  bindTimeoutMs?: number;
  /** a session that sends nothing for this long is unbound and closed (default 120 s). */
  inactivityMs?: number;
  /** requests of one session the server works on at once; beyond it submit_sm gets ESME_RTHROTTLED (default 10). */
  windowSize?: number;
  /** deliver_sm the server keeps unanswered on one session at once; more wait their turn (default 50: each answer
   * waits for an event loop busy with submits, so a small window holds a burst of receipts to a few hundred a second). */
  deliverWindow?: number;
  /** how long a deliver_sm or unbind waits for its response (default 30 s). */
  responseTimeoutMs?: number;
  /** octets waiting to be written to a peer beyond which its session stops reading it until they drain (default
   * 64 KiB): a peer that sends without reading cannot grow the server's memory. */
  writePauseOctets?: number;
  /** octets waiting to be written beyond which the session is closed (default 1 MiB). */
  writeLimitOctets?: number;
  /** command_length above this ends the session as broken framing (default 64 KiB). */
  maxPduOctets?: number;
  /** parts of incomplete long messages one account may have waiting (default 4000; one session half of it). */
  maxPendingParts?: number;
  /** octets of those parts (default 4 MiB; one session half of it). */
  maxPendingOctets?: number;
  /** connections one client address may hold before binding; more are closed at once (default 20). */
  maxUnboundPerAddress?: number;
  /** how long the parts of a long message wait for the rest (default 60 s). */
  reassemblyTimeoutMs?: number;
  now?: () => number;
  /** message ids for the earlier parts of long messages (default: 16 characters, time and randomness). */
  newMessageId?: () => string;
}

export type DeliverPdu = Omit<ShortMessagePdu, 'command' | 'sequenceNumber' | 'commandStatus'>;
