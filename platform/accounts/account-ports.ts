import type { Queryable } from '../db/db';

// What the accounts area asks of areas above it, given when server.ts registers it: it decides what an account may
// do and who hears of it, and hands the sending of a message and the ending of live binds to the areas that own them.

/** A platform-originated SMS to some numbers of an account (a balance warning, a mobile code), not charged. */
export interface SystemSms {
  cus_id: string;
  mobiles: string[];
  content: string;
  segments: number;
  /** the account's time zone, its records' day */
  timeZone: string;
}

export interface AccountPorts {
  /** writes a system SMS in `q`'s transaction, like any other send; answers its batch id. */
  writeSystemSms: (q: Queryable, sms: SystemSms, now: Date) => Promise<string>;
  /** asks live SMPP binds of an account to end, in `q`'s transaction: all of them (its interface password changed) */
  endAccountBinds: (q: Queryable, cusId: string) => Promise<void>;
  /** … or its newest beyond `keep` (its max connections was lowered): the oldest stay. */
  endBindsBeyond: (q: Queryable, cusId: string, keep: number, now: Date) => Promise<void>;
}
