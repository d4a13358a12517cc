import { STATUS } from './command-status';
import { splitPart, type LongForm } from './long-message';
import type { ShortMessagePdu } from './pdu-types';
import { billedSegments, decodeText } from './sms-text';

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

export type AddResult =
  { kind: 'complete'; message: AssembledMessage } | { kind: 'partial'; received: number; total: number } | { kind: 'invalid'; status: number; reason: string };

export interface ExpiredMessage {
  scope: string;
  received: number;
  total: number;
  pdus: ShortMessagePdu[];
  partIds: string[];
}

interface Pending {
  scope: string;
  total: number;
  parts: Map<number, { pdu: ShortMessagePdu; body: Buffer; id: string | null }>;
  deadline: number;
}

export interface ReassemblyOptions {
  /** how long an incomplete message waits for its missing parts after its latest part. */
  timeoutMs: number;
  now: () => number;
  /** incomplete messages one scope may hold before further first parts are refused with ESME_RMSGQFUL. */
  maxPendingPerScope?: number;
}

function assemble(pdus: ShortMessagePdu[], bodies: Buffer[], form: AssembledMessage['form'], partIds: Array<string | null>): AssembledMessage {
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
  private readonly perScope = new Map<string, number>();

  constructor(private readonly opts: ReassemblyOptions) {}

  /** `partId` is remembered with a part that leaves the message incomplete (the id its response carried). */
  add(scope: string, pdu: ShortMessagePdu, partId: string | null = null): AddResult {
    const split = splitPart(pdu);
    if ('status' in split) return { kind: 'invalid', status: split.status, reason: split.reason };
    if (!split.part) return { kind: 'complete', message: assemble([pdu], [split.body], split.fromPayload ? 'payload' : 'single', [null]) };
    const { form, ref, total, seq } = split.part;
    const key = [scope, pdu.sourceAddr, pdu.destinationAddr, form === 'sar' ? 'sar' : 'udh', ref, total].join('\u0000');
    let entry = this.pending.get(key);
    if (!entry) {
      const held = this.perScope.get(scope) ?? 0;
      if (held >= (this.opts.maxPendingPerScope ?? 1000)) return { kind: 'invalid', status: STATUS.RMSGQFUL, reason: 'too many incomplete long messages' };
      entry = { scope, total, parts: new Map(), deadline: 0 };
      this.pending.set(key, entry);
      this.perScope.set(scope, held + 1);
    }
    // a part sent again replaces the earlier copy rather than counting twice
    entry.parts.set(seq, { pdu, body: split.body, id: partId });
    entry.deadline = this.opts.now() + this.opts.timeoutMs;
    if (entry.parts.size < total) return { kind: 'partial', received: entry.parts.size, total };
    this.drop(key, entry);
    entry.parts.get(seq)!.id = null;
    const ordered = [...entry.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
    const message = assemble(
      ordered.map((p) => p.pdu),
      ordered.map((p) => p.body),
      form,
      ordered.map((p) => p.id),
    );
    return { kind: 'complete', message };
  }

  /** Removes and returns the incomplete messages whose time is up. */
  expire(): ExpiredMessage[] {
    const now = this.opts.now();
    const out: ExpiredMessage[] = [];
    for (const [key, entry] of this.pending) {
      if (entry.deadline > now) continue;
      this.drop(key, entry);
      const ordered = [...entry.parts.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
      const partIds = ordered.flatMap((p) => (p.id === null ? [] : [p.id]));
      out.push({ scope: entry.scope, received: entry.parts.size, total: entry.total, pdus: ordered.map((p) => p.pdu), partIds });
    }
    return out;
  }

  get size(): number {
    return this.pending.size;
  }

  private drop(key: string, entry: Pending): void {
    this.pending.delete(key);
    const held = (this.perScope.get(entry.scope) ?? 1) - 1;
    if (held <= 0) this.perScope.delete(entry.scope);
    else this.perScope.set(entry.scope, held);
  }
}

/**
 * The receipts a whole message owes: one per part that asked for one (some clients ask on the first part only, and
 * match the receipt by that part's id), each with the id that part was answered with. `messageId` is the id the
 * completing part was answered with.
 */
export function receiptTargets(message: AssembledMessage, messageId: string): Array<{ id: string; registeredDelivery: number }> {
  return message.pdus.flatMap((pdu, i) =>
    (pdu.registeredDelivery & 0x03) === 0 ? [] : [{ id: message.partIds[i] ?? messageId, registeredDelivery: pdu.registeredDelivery & 0x03 }],
  );
}
