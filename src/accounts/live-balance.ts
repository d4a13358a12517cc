import { asyncScheduler, filter, merge, throttleTime, type Observable, type Subscription } from 'rxjs';
import type { EventDoc } from '../../sync/store/local-db';

// The balance every screen shows (personal info, the balance warning, the bell) is the session's user info, answered
// at login; sends and charges move it on the platform. A send shows as new batches and records in the local database
// (pulled on the platform's live notice, in whichever tab replicates), a charge or a warning change as an
// acknowledged account command: either asks the user info again, at most once per `quietMs`, after the last of a burst.

/** collections a send writes (its batch, its records, a timed batch): each send is charged as it is accepted. */
const CHARGING_COLLECTIONS = new Set(['batches', 'mt_records', 'time_batches']);
/** account commands that change a balance or what it is compared with. */
const MONEY_COMMANDS = new Set(['customer.charge', 'warn.modify']);

/** `following` says whether the local database now follows the feed: during a backfill every page of old records
 * is such a change, and none of them moved the balance. */
export function followBalance(
  changes: Observable<string>,
  settled: Observable<EventDoc>,
  reload: () => void,
  following: () => boolean,
  quietMs = 1000,
): Subscription {
  return merge(
    changes.pipe(filter((c) => CHARGING_COLLECTIONS.has(c) && following())),
    settled.pipe(filter((ev) => ev.status === 'acked' && (MONEY_COMMANDS.has(ev.type) || ev.type.startsWith('send.')))),
  )
    .pipe(throttleTime(quietMs, asyncScheduler, { leading: false, trailing: true }))
    .subscribe(() => reload());
}
