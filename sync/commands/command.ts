import type { Endpoint } from '../../contract/endpoint';
import type { EventDoc } from '../store/local-db';
import type { RecordStore } from '../store/record-store';

// What the outbox needs of one command type: the endpoint it goes to, the request body built from the event's payload,
// and optionally how the platform's answer is written into the local rows once it is acknowledged.

export interface Command {
  endpoint: Endpoint;
  body: (payload: Record<string, unknown>) => unknown;
  /** after an ack the pulled state will follow; writing the answer locally now keeps the screen from flickering
   * back in between. Called only with a non-empty answer. */
  applyResult?: (store: RecordStore, ev: EventDoc, result: Record<string, unknown>, now: number) => Promise<void>;
}

/** Commands by type (the event's dotted `type`, e.g. 'batch.pause'). */
export type CommandTable = Record<string, Command>;
