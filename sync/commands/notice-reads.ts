import { merge, type Observable } from 'rxjs';
import { kLow, type EventDoc, type LocalDb, type LocalNotice } from '../store/local-db';
import { NOTICE_READ, type NoticeReadPayload } from './notice-commands';
import { changesOf, queryLocal } from '../query/query';

// The bell's notices from the local database: the newest few and the unread count, with the reads the user made
// that the pulled rows may not show yet (queued offline, or acknowledged before the next pull) applied over them.
// A read the platform refused no longer counts, so its notices show unread again.

/** How many notices the bell lists; the unread count covers them all, up to UNREAD_CAP. */
export const BELL_NOTICES = 20;
export const UNREAD_CAP = 100;
/** The reads looked at: older ones are in the pulled rows long since. */
const READS_KEPT = 50;

export interface BellNotice extends LocalNotice {
  /** unread, after the user's own reads. */
  isUnread: boolean;
}

/** Whether the user's reads cover a notice it has pulled unread. */
export function readLocally(n: Pick<LocalNotice, 'id' | 'created_at'>, reads: readonly NoticeReadPayload[]): boolean {
  return reads.some((r) => ('ids' in r ? r.ids.includes(n.id) : n.created_at <= r.upTo));
}

/** The latest "all up to" of the reads, if any. */
export function allReadUpTo(reads: readonly NoticeReadPayload[]): number | null {
  const ups = reads.flatMap((r) => ('upTo' in r ? [r.upTo] : []));
  return ups.length ? Math.max(...ups) : null;
}

/** The reads not refused, newest first. */
export async function noticeReads(db: LocalDb): Promise<NoticeReadPayload[]> {
  const evs = (await queryLocal(db, 'events', {
    selector: { type: NOTICE_READ },
    sort: [{ type: 'asc' }, { k: 'asc' }],
    index: ['type', 'k'],
    limit: READS_KEPT,
  })) as unknown as EventDoc[];
  return evs.filter((e) => e.status !== 'rejected').map((e) => e.payload as unknown as NoticeReadPayload);
}

export interface Bell {
  notices: BellNotice[];
  /** unread notices, at most UNREAD_CAP. */
  unread: number;
}

/** The newest notices and the unread count, as the user last left them. */
export async function readBell(db: LocalDb): Promise<Bell> {
  const reads = await noticeReads(db);
  const newest = (await queryLocal(db, 'notices', {
    selector: {},
    sort: [{ k: 'asc' }],
    index: ['k'],
    limit: BELL_NOTICES,
  })) as unknown as LocalNotice[];
  // unread along the ['unread', 'k'] index; past an "all up to" only what came after it
  const upTo = allReadUpTo(reads);
  const ids = new Set(reads.flatMap((r) => ('ids' in r ? r.ids : [])));
  const unread = (await queryLocal(db, 'notices', {
    selector: upTo === null ? { unread: 1 } : { unread: 1, k: { $lt: kLow(upTo) } },
    sort: [{ unread: 'asc' }, { k: 'asc' }],
    index: ['unread', 'k'],
    limit: UNREAD_CAP + ids.size,
  })) as unknown as LocalNotice[];
  return {
    notices: newest.map((n) => ({ ...n, isUnread: n.read_at === null && !readLocally(n, reads) })),
    unread: Math.min(UNREAD_CAP, unread.filter((n) => !ids.has(n.id)).length),
  };
}

/** Emits when the notices or the event log change. */
export const bellChanges = (db: LocalDb): Observable<unknown> =>
  merge(changesOf(db, 'notices'), changesOf(db, 'events'));
