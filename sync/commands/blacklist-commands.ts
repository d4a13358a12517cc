import {
  blacklistAddEndpoint,
  blacklistDeleteEndpoint,
  optOutSettingsModifyEndpoint,
} from '../../contract/endpoints/mobile-black.endpoints';
import type { CommandTable } from './command';
import type { EventDoc } from '../store/local-db';

// Blacklist adds and removals through the event log and the outbox, like address-book edits: made offline, shown at
// once (pending), pushed once the network is back under Idempotency-Key = event id. The payload carries the number as
// stored (11 digits, or E.164), so a pending add and the pulled entry are the same number.
export const BLACKLIST_COMMANDS: CommandTable = {
  'blacklist.add': {
    endpoint: blacklistAddEndpoint,
    body: (p) => ({
      mobiles: [p.mobile],
      cus_id: p.cus_id ?? '',
      source: p.source ?? 'manual',
      ...(p.note ? { note: p.note } : {}),
    }),
  },
  'blacklist.delete': { endpoint: blacklistDeleteEndpoint, body: (p) => ({ ids: [p.id] }) },
  /** the enterprise's opt-out settings, as the settings form parsed them */
  'blacklist.settings': { endpoint: optOutSettingsModifyEndpoint, body: (p) => p },
};

/** Commands on one number go out in order (an add, then its removal). */
export const blacklistAggregate = (mobile: string) => `blacklist:${mobile}`;

type Pending<T> = T & { pending?: string };

/** Pending adds over the pulled entries (first, unless the entry is already there), pending deletes marked; a
 * rejected event is no longer pending, so its row goes back by itself. */
export function projectBlacklist<T extends { id: string; mobile: string; cus_id: string }>(
  rows: T[],
  pending: EventDoc[],
): Pending<T>[] {
  const mine = pending.filter((e) => e.status === 'pending' && BLACKLIST_COMMANDS[e.type]);
  if (mine.length === 0) return rows;
  const listed = new Set(rows.map((r) => `${r.cus_id}:${r.mobile}`));
  const added = mine
    .filter(
      (e) => e.type === 'blacklist.add' && !listed.has(`${String(e.payload.cus_id ?? '')}:${String(e.payload.mobile)}`),
    )
    .map(
      (e) =>
        ({
          id: `pending:${e.id}`,
          ep_id: '',
          cus_id: String(e.payload.cus_id ?? ''),
          mobile: String(e.payload.mobile),
          source: String(e.payload.source ?? 'manual'),
          created_at: e.created_at,
          created_by: null,
          note: (e.payload.note as string | undefined) ?? null,
          pending: e.type,
        }) as unknown as Pending<T>,
    )
    .reverse();
  const deleting = new Set(mine.filter((e) => e.type === 'blacklist.delete').map((e) => String(e.payload.id)));
  return [...added, ...rows.map((r) => (deleting.has(r.id) ? { ...r, pending: 'blacklist.delete' } : r))];
}
