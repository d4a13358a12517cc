import { MESSAGE_STATE } from './pdu-types';

// The delivery receipt text of SMPP 3.4 Appendix B, built strictly and read tolerantly: carriers differ in date
// length, id base, leading zeros and what they put after text:.

export const RECEIPT_STATS = [
  'DELIVRD',
  'EXPIRED',
  'DELETED',
  'UNDELIV',
  'ACCEPTD',
  'UNKNOWN',
  'REJECTD',
  'ENROUTE',
] as const;
export type ReceiptStat = (typeof RECEIPT_STATS)[number];

const STATE_OF: Record<ReceiptStat, number> = {
  DELIVRD: MESSAGE_STATE.DELIVERED,
  EXPIRED: MESSAGE_STATE.EXPIRED,
  DELETED: MESSAGE_STATE.DELETED,
  UNDELIV: MESSAGE_STATE.UNDELIVERABLE,
  ACCEPTD: MESSAGE_STATE.ACCEPTED,
  UNKNOWN: MESSAGE_STATE.UNKNOWN,
  REJECTD: MESSAGE_STATE.REJECTED,
  ENROUTE: MESSAGE_STATE.ENROUTE,
};

/** message_state for a stat word; UNKNOWN for a word outside the list. */
export function messageStateOf(stat: string): number {
  return STATE_OF[stat.toUpperCase() as ReceiptStat] ?? MESSAGE_STATE.UNKNOWN;
}

export interface ReceiptFields {
  id: string;
  submitted: number;
  delivered: number;
  submitDate: Date;
  doneDate: Date;
  stat: ReceiptStat;
  /** a network error code, written as three digits. */
  err: number;
  /** the start of the message; only its first 20 characters are written. */
  text: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** YYMMDDhhmm of the date as seen at `offsetMinutes` east of UTC. */
export function receiptDate(d: Date, offsetMinutes = 0): string {
  const t = new Date(d.getTime() + offsetMinutes * 60_000);
  return (
    pad(t.getUTCFullYear() % 100, 2) +
    pad(t.getUTCMonth() + 1, 2) +
    pad(t.getUTCDate(), 2) +
    pad(t.getUTCHours(), 2) +
    pad(t.getUTCMinutes(), 2)
  );
}

export function buildReceiptText(f: ReceiptFields, offsetMinutes = 0): string {
  const count = (n: number) => pad(Math.max(0, Math.min(999, Math.trunc(n))), 3);
  return (
    `id:${f.id} sub:${count(f.submitted)} dlvrd:${count(f.delivered)} ` +
    `submit date:${receiptDate(f.submitDate, offsetMinutes)} done date:${receiptDate(f.doneDate, offsetMinutes)} ` +
    `stat:${f.stat} err:${count(f.err)} text:${Array.from(f.text).slice(0, 20).join('')}`
  );
}

export interface ParsedReceipt {
  id: string;
  submitted: number | null;
  delivered: number | null;
  /** dates read as UTC wall time (the sender's zone is not on the wire); null when absent or not a date. */
  submitDate: Date | null;
  doneDate: Date | null;
  stat: string;
  messageState: number;
  err: string | null;
  /** null when absent or written as `none`. */
  text: string | null;
}

function parseDate(s: string | undefined): Date | null {
  if (!s || !/^\d{10}(\d{2})?$/.test(s)) return null;
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => (i < s.length ? Number(s.slice(i, i + 2)) : 0));
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) return null;
  return new Date(Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss));
}

const FIELD = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i');

/** The receipt's fields, or null when the text has no id and no stat (it is not a receipt). */
export function parseReceiptText(raw: string): ParsedReceipt | null {
  const textAt = raw.search(/(?:^|\s)text:/i);
  const head = textAt < 0 ? raw : raw.slice(0, textAt);
  const get = (name: string) => FIELD(name).exec(head)?.[1];
  const id = get('id');
  const stat = get('stat');
  if (id === undefined && stat === undefined) return null;
  const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : null);
  let text: string | null = textAt < 0 ? null : raw.slice(textAt).replace(/^\s?text:/i, '');
  if (text !== null && text.trim().toLowerCase() === 'none') text = null;
  return {
    id: id ?? '',
    submitted: int(get('sub')),
    delivered: int(get('dlvrd')),
    submitDate: parseDate(get('submit date')),
    doneDate: parseDate(get('done date')),
    stat: (stat ?? 'UNKNOWN').toUpperCase(),
    messageState: messageStateOf(stat ?? 'UNKNOWN'),
    err: get('err') ?? null,
    text,
  };
}

/** The readings of an id a carrier may write in either base: as given, as hex read into decimal, and back. */
function idForms(id: string): Set<string> {
  const t = id.trim().toLowerCase();
  const forms = new Set([t, t.replace(/^0+(?=.)/, '')]);
  if (/^[0-9a-f]{1,13}$/.test(t)) forms.add(String(parseInt(t, 16)));
  if (/^\d{1,15}$/.test(t)) forms.add(Number(t).toString(16));
  return forms;
}

/** Whether a receipt's id names the message id we were given, allowing for base and leading zeros. */
export function receiptIdMatches(receiptId: string, messageId: string): boolean {
  const mine = messageId
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
  return (
    idForms(receiptId).has(mine) ||
    idForms(messageId).has(
      receiptId
        .trim()
        .toLowerCase()
        .replace(/^0+(?=.)/, ''),
    )
  );
}
