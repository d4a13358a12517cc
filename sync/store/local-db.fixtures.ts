import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openLocalSearch, sideStoreName, type LocalSearch } from '../search/side-store';
import { openLocalDb, orderKey, type LocalDb, type LocalMt } from './local-db';
import { createRecordStore, tableOf, type RecordStore } from './record-store';

// What the local database's tests share: a fresh database in Node (fake-indexeddb), the search columns and a record
// store written through them, removing it all again, and an MT record whose fields a test sets where they matter.

export const idb = { indexedDB, IDBKeyRange };

let opened = 0;
/** A user's database in a namespace of its own, unless the test names one to share. */
export function openTestDb(cusId: string, namespace = `test${Date.now()}-${++opened}`): Promise<LocalDb> {
  return openLocalDb({ cusId, ...idb, namespace });
}

/** Removes a test database and the search columns' side store beside it, if it has one. */
export async function removeTestDb(db: LocalDb): Promise<void> {
  await new Dexie(sideStoreName(db.name), idb as never).delete();
  await db.remove();
}

/** The search columns over the database's records. */
export const searchOf = (db: LocalDb): LocalSearch =>
  openLocalSearch({ dbName: db.name, tableOf: (n) => tableOf(db, n), idb });

/** The record store whose writes the search columns follow, as the sync worker writes. */
export const searchedStoreOf = (db: LocalDb, search: LocalSearch): RecordStore =>
  createRecordStore(db.name, db.token, (n) => tableOf(db, n), search.hook);

/** An MT record sent at `t`, its other fields plain; `over` sets the ones a test looks at. */
export const localMt = (sn: string, t: number, over: Partial<LocalMt> = {}): LocalMt => ({
  sn,
  prod_type: 0,
  cus_id: 'c1',
  cus_name: 'n',
  batch_id: 'b',
  decodeMobile: '13800000000',
  decodeContent: 'hi',
  mt_status: 0,
  report_result: '0',
  report_result_desc: null,
  errDesc: null,
  table_name: 'mt',
  receive_time: t,
  month: '202611',
  segments: 1,
  price: 0.05,
  priceStr: '0.05',
  countryName: null,
  countryCode: null,
  titleStr: null,
  receive_content: null,
  sender_id: null,
  source: 'console',
  seq: 1,
  deleted: false,
  updated_at: t,
  k: orderKey(t, sn),
  ...over,
});
