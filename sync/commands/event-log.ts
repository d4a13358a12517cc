import { ulid } from 'ulid';
import { orderKey, type EventDoc, type LocalDb } from '../store/local-db';

// The local event log: every user command is appended here first; the outbox pushes it; the
// projection shows it at once; the Activity screen lists it as the user's audit trail.

export interface CommandInput {
  /** dotted command name, e.g. 'batch.pause'. */
  type: string;
  /** what the command acts on, e.g. 'time_batch:TB123': events of one aggregate are pushed in order. */
  aggregate: string;
  payload: Record<string, unknown>;
  actor: string;
}

export async function recordEvent(db: LocalDb, input: CommandInput, now = Date.now()): Promise<EventDoc> {
  const id = ulid(now);
  const doc: EventDoc = {
    id,
    ...input,
    created_at: now,
    status: 'pending',
    attempts: 0,
    last_error: null,
    result: null,
    next_attempt_at: 0,
    k: orderKey(now, id),
  };
  await db.events.insert(doc);
  return doc;
}

export function pendingEvents$(db: LocalDb) {
  return db.events.find({ selector: { status: 'pending' }, sort: [{ status: 'asc' }, { id: 'asc' }] }).$;
}

/** Resolves with the event once the outbox has acknowledged or rejected it. */
export function eventOutcome(db: LocalDb, id: string): Promise<EventDoc> {
  return new Promise((resolve) => {
    const sub = db.events.findOne(id).$.subscribe((d) => {
      if (d && d.status !== 'pending') {
        resolve(d.toJSON() as EventDoc);
        queueMicrotask(() => sub.unsubscribe());
      }
    });
  });
}
