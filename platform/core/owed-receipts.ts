import type { Queryable } from '../db/db';

// What a message's end or a reply owes a door that answers its clients on a connection of its own (the SMPP server's
// delivery receipts and replies): queued in the transaction that writes the record, so none is lost. Dispatch reaches
// them through this port on the context, never the door itself; the composition root (server.ts) gives the door's
// writers.

/** A record that reached its final state, as the dispatcher wrote it. */
export interface EndedRecord {
  sn: string;
  mt_status: number;
  report_result: string | null;
  report_result_desc: string | null;
}

/** A reply as the dispatcher wrote it to mo_records, with the record it answers. */
export interface StoredReply {
  sn: string;
  cus_id: string;
  mobile: string;
  content: string;
  replied_sn: string;
}

export interface OwedReceipts {
  /** in the dispatcher's transaction: the receipts these final records owe. */
  ended(q: Queryable, now: Date, records: EndedRecord[]): Promise<void>;
  /** in the dispatcher's transaction: these replies, to the accounts that take them on the door's connection. */
  replied(q: Queryable, now: Date, replies: StoredReply[]): Promise<void>;
}
