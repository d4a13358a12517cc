import { STATUS } from '../smpp-wire/command-status';

// What the carrier's answers mean for a record: a refused submit is sent again later or ends the record, and the
// record's final state comes from the receipts of all its parts.

/** Answers to submit_sm after which the same message may succeed later (as Kannel reads them); anything else is the
 * carrier's final word on that message. A bind-status refusal says the bind is going away (an SMSC shutting down
 * answers the submits it has not taken so), not that the message is wrong: it goes again, on another bind or carrier. */
const TEMPORARY = new Set<number>([
  STATUS.RSYSERR,
  STATUS.RMSGQFUL,
  STATUS.RTHROTTLED,
  STATUS.RX_T_APPN,
  STATUS.RINVBNDSTS,
]);

export const isTemporary = (status: number) => TEMPORARY.has(status);

/** Answers that ask the client to slow down: the link pauses, and the message goes again at the normal pace. */
export const THROTTLES: ReadonlySet<number> = new Set<number>([STATUS.RTHROTTLED, STATUS.RMSGQFUL]);

export type PartState = 'pending' | 'delivered' | 'failed' | 'expired' | 'unknown';

/** A receipt's stat word as the state of its part; intermediate words (ENROUTE, ACCEPTD) leave it pending. */
export function partStateOf(stat: string): PartState {
  switch (stat.toUpperCase()) {
    case 'DELIVRD':
      return 'delivered';
    case 'UNDELIV':
    case 'REJECTD':
    case 'DELETED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
    case 'ENROUTE':
    case 'ACCEPTD':
      return 'pending';
    default:
      return 'unknown';
  }
}

/** The record's final status from its parts: null while any part waits; 0 when every part was delivered; 700 when
 * any failed or expired undelivered (the carrier's final word); 600 (no final word) otherwise. */
export function recordStatusOf(parts: readonly PartState[]): 0 | 600 | 700 | null {
  if (parts.length === 0 || parts.includes('pending')) return null;
  if (parts.every((p) => p === 'delivered')) return 0;
  if (parts.includes('failed') || parts.includes('expired')) return 700;
  return 600;
}
