import { MESSAGE_SEGMENTS_MAX, MESSAGE_TEXT_MAX, isMessageTooLong } from '../../contract/message-length';
import { STATUS } from '../smpp-wire/command-status';
import { splitPart, type LongForm } from '../smpp-wire/long-message';
import type { ShortMessagePdu } from '../smpp-wire/pdu-types';
import { billedSegments, decodeText } from '../smpp-wire/sms-text';

export interface AssembledMessage {
  /** the first part (by sequence): its addresses and flags stand for the message. */
  pdu: ShortMessagePdu;
  /** every part in sequence order; one entry for a message that came whole. */
  pdus: ShortMessagePdu[];
  form: LongForm | 'single' | 'payload';
  dataCoding: number;
  /** the message octets, headers removed, parts joined. */
  body: Buffer;
  /** the decoded text, or null for a binary coding. */
  text: string | null;
  /** billed segments, counted as the console counts the same text. */
  segments: number;
  /** highest registered_delivery over the parts: some clients ask for a receipt on the first part only. */
  registeredDelivery: number;
  /** ids given with each part (in part order) when it was added; null for the part that completed the message. */
  partIds: Array<string | null>;
}

/** `abandoned`: a long message this part ended without completing it (too long once joined): the earlier parts were
 * answered with ids, so the caller tells the client they will not be sent. */
export type AddResult =
  | { kind: 'complete'; message: AssembledMessage }
  | { kind: 'partial'; received: number; total: number }
  | { kind: 'invalid'; status: number; reason: string; abandoned?: ExpiredMessage };

export interface ExpiredMessage {
  scope: string;
  received: number;
  total: number;
  /** the parts that were answered with an id, in part order, beside those ids. */
  pdus: ShortMessagePdu[];
  partIds: string[];
}

interface Part {
  pdu: ShortMessagePdu;
  body: Buffer;
  id: string | null;
  session: string;
}

interface Pending {
  scope: string;
  total: number;
  parts: Map<number, Part>;
  deadline: number;
  octets: number;
}

/** What one scope (an account) or one session holds in incomplete messages. */
interface Held {
  messages: number;
  parts: number;
  octets: number;
}

/** Octets no text of MESSAGE_TEXT_MAX characters exceeds in any coding (at most two octets a character): a message
 * body past it is too long before it is decoded. */
export const MESSAGE_OCTETS_MAX = 2 * MESSAGE_TEXT_MAX;

export interface ReassemblyOptions {
  /** how long an incomplete message waits for its missing parts after its latest part. */
  timeoutMs: number;
  now: () => number;
  /** incomplete messages one scope may hold before further first parts are refused with ESME_RMSGQFUL. */
  maxPendingPerScope?: number;
  /** parts of incomplete messages one scope may hold; further parts are refused with ESME_RMSGQFUL. */
  maxPartsPerScope?: number;
  /** octets of message bodies in incomplete messages one scope may hold; beyond it ESME_RMSGQFUL. */
  maxOctetsPerScope?: number;
  /** the same two bounds for the parts one session brought (half the scope's unless given). */
  maxPartsPerSession?: number;
  maxOctetsPerSession?: number;
}

/** Refuses a message whose text is over the bound common to every door (ESME_RINVMSGLEN), before it is decoded
 * where its octets alone tell. */
export function lengthRefusal(body: Buffer, text: string | null): string | null {
  if (body.length > MESSAGE_OCTETS_MAX)
    return `${body.length} octets are more than ${MESSAGE_TEXT_MAX} characters take`;
  if (text !== null && isMessageTooLong(text)) return `${text.length} characters are more than ${MESSAGE_TEXT_MAX}`;
  return null;
}

function assemble(
  pdus: ShortMessagePdu[],
  bodies: Buffer[],
  form: AssembledMessage['form'],
  partIds: Array<string | null>,
): AssembledMessage {
  const pdu = pdus[0];
  // joined before decoding, so a surrogate pair or an escape split over two parts still reads as one character
  const body = bodies.length === 1 ? bodies[0] : Buffer.concat(bodies);
  const text = decodeText(pdu.dataCoding, body);
  return {
    pdu,
    pdus,
    form,
    dataCoding: pdu.dataCoding,
    body,
    text,
    segments: billedSegments(text, body.length),
    registeredDelivery: Math.max(...pdus.map((p) => p.registeredDelivery)),
    partIds,
  };
}

/**
 * Joins the parts of long messages. Parts are matched by (scope, source, destination, reference, total): the scope
 * is the caller's (an account, so parts may come over different binds of it).
 */
export class ReassemblyBuffer {
  private readonly pending = new Map<string, Pending>();
  private readonly perScope = new Map<string, Held>();
  private readonly perSession = new Map<string, Held>();

  constructor(private readonly opts: ReassemblyOptions) {}

  /** `partId` is remembered with a part that leaves the message incomplete (the id its response carried); `session`
   * is who brought it, for the per-session bounds. */
  add(scope: string, pdu: ShortMessagePdu, partId: string | null = null, session = ''): AddResult {
    const split = splitPart(pdu);
    if ('status' in split) return { kind: 'invalid', status: split.status, reason: split.reason };
    if (!split.part) {
      const message = assemble([pdu], [split.body], split.fromPayload ? 'payload' : 'single', [null]);
      const tooLong = lengthRefusal(message.body, message.text);
      return tooLong ? { kind: 'invalid', status: STATUS.RINVMSGLEN, reason: tooLong } : { kind: 'complete', message };
    }
    const { form, ref, total, seq } = split.part;
    if (total > MESSAGE_SEGMENTS_MAX)
      return {
        kind: 'invalid',
        status: STATUS.RINVMSGLEN,
        reason: `${total} parts are more than ${MESSAGE_SEGMENTS_MAX}`,
      };
    const key = [scope, pdu.sourceAddr, pdu.destinationAddr, form === 'sar' ? 'sar' : 'udh', ref, total].join('\u0000');
    let entry = this.pending.get(key);
    const replaced = entry?.parts.get(seq);
    const full = this.fullFor(scope, session, entry === undefined, split.body.length - (replaced?.body.length ?? 0));
    if (full) return { kind: 'invalid', status: STATUS.RMSGQFUL, reason: full };
    if (!entry) {
      entry = { scope, total, parts: new Map(), deadline: 0, octets: 0 };
      this.pending.set(key, entry);
      this.hold(scope, this.perScope, 1, 0, 0);
    }
    // a part sent again replaces the earlier copy rather than counting twice
    if (replaced) this.release(entry, replaced);
    const part = { pdu, body: split.body, id: partId, session };
    entry.parts.set(seq, part);
    entry.octets += part.body.length;
    this.hold(scope, this.perScope, 0, 1, part.body.length);
    this.hold(session, this.perSession, 0, 1, part.body.length);
    entry.deadline = this.opts.now() + this.opts.timeoutMs;
    if (entry.octets > MESSAGE_OCTETS_MAX) {
      part.id = null;
      return {
        kind: 'invalid',
        status: STATUS.RINVMSGLEN,
        reason: `${entry.octets} octets are more than ${MESSAGE_TEXT_MAX} characters take`,
        abandoned: this.abandon(key, entry),
      };
    }
    if (entry.parts.size < total) return { kind: 'partial', received: entry.parts.size, total };
    this.drop(key, entry);
    part.id = null;
    const ordered = [...entry.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    const message = assemble(
      ordered.map((p) => p.pdu),
      ordered.map((p) => p.body),
      form,
      ordered.map((p) => p.id),
    );
    const tooLong = lengthRefusal(message.body, message.text);
    if (tooLong) return { kind: 'invalid', status: STATUS.RINVMSGLEN, reason: tooLong, abandoned: expired(entry) };
    return { kind: 'complete', message };
  }

  /** Removes and returns the incomplete messages whose time is up. */
  expire(): ExpiredMessage[] {
    const now = this.opts.now();
    const out: ExpiredMessage[] = [];
    for (const [key, entry] of this.pending) if (entry.deadline <= now) out.push(this.abandon(key, entry));
    return out;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Why one more part of `octets` cannot be held for this scope and session, or null when it can. */
  private fullFor(scope: string, session: string, newMessage: boolean, octets: number): string | null {
    const o = this.opts;
    const maxParts = o.maxPartsPerScope ?? 4000;
    const maxOctets = o.maxOctetsPerScope ?? 4 * 1024 * 1024;
    const s = this.perScope.get(scope) ?? { messages: 0, parts: 0, octets: 0 };
    const t = this.perSession.get(session) ?? { messages: 0, parts: 0, octets: 0 };
    if (newMessage && s.messages >= (o.maxPendingPerScope ?? 1000)) return 'too many incomplete long messages';
    if (s.parts + 1 > maxParts || t.parts + 1 > (o.maxPartsPerSession ?? Math.ceil(maxParts / 2)))
      return 'too many parts of incomplete long messages';
    if (s.octets + octets > maxOctets || t.octets + octets > (o.maxOctetsPerSession ?? Math.ceil(maxOctets / 2)))
      return 'too many octets in incomplete long messages';
    return null;
  }

  private hold(key: string, map: Map<string, Held>, messages: number, parts: number, octets: number): void {
    const h = map.get(key) ?? { messages: 0, parts: 0, octets: 0 };
    h.messages += messages;
    h.parts += parts;
    h.octets += octets;
    if (h.messages <= 0 && h.parts <= 0) map.delete(key);
    else map.set(key, h);
  }

  private release(entry: Pending, part: Part): void {
    entry.octets -= part.body.length;
    this.hold(entry.scope, this.perScope, 0, -1, -part.body.length);
    this.hold(part.session, this.perSession, 0, -1, -part.body.length);
  }

  private abandon(key: string, entry: Pending): ExpiredMessage {
    this.drop(key, entry);
    return expired(entry);
  }

  private drop(key: string, entry: Pending): void {
    this.pending.delete(key);
    for (const part of entry.parts.values()) this.release(entry, part);
    this.hold(entry.scope, this.perScope, -1, 0, 0);
  }
}

/** An incomplete message as the caller is told of it: the ids its parts were answered with, in part order. */
function expired(entry: Pending): ExpiredMessage {
  const ordered = [...entry.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  return {
    scope: entry.scope,
    received: entry.parts.size,
    total: entry.total,
    pdus: ordered.filter((p) => p.id !== null).map((p) => p.pdu),
    partIds: ordered.flatMap((p) => (p.id === null ? [] : [p.id])),
  };
}

/**
 * The receipts a whole message owes: one per part that asked for one (some clients ask on the first part only, and
 * match the receipt by that part's id), each with the id that part was answered with. `messageId` is the id the
 * completing part was answered with.
 */
export function receiptTargets(
  message: AssembledMessage,
  messageId: string,
): Array<{ id: string; registeredDelivery: number }> {
  return message.pdus.flatMap((pdu, i) =>
    (pdu.registeredDelivery & 0x03) === 0
      ? []
      : [{ id: message.partIds[i] ?? messageId, registeredDelivery: pdu.registeredDelivery & 0x03 }],
  );
}
