import type { RecordCollectionName } from '../store/local-db';

// Which record collections the search columns hold, and which of their fields go into which column.

/** The fields a collection's columns hold. */
export interface SearchSpec {
  time: string;
  content: string;
  phone: string;
  account: string;
  status?: string;
  prod?: string;
}
export const SEARCHABLE: Partial<Record<RecordCollectionName, SearchSpec>> = {
  mt_records: {
    time: 'receive_time',
    content: 'decodeContent',
    phone: 'decodeMobile',
    account: 'cus_id',
    status: 'mt_status',
    prod: 'prod_type',
  },
  mo_records: {
    time: 'deliver_time',
    content: 'decodeContent',
    phone: 'decodeMobile',
    account: 'cus_id',
    prod: 'prod_type',
  },
};
export type SearchCollection = 'mt_records' | 'mo_records';
export const isSearchCollection = (c: string): c is SearchCollection => c in SEARCHABLE;

/** A block as stored: the rows one write added, column by column. */
export interface StoredBlock {
  id: number;
  col: SearchCollection;
  sn: string[];
  time: Float64Array;
  phone: Float64Array;
  plen: Uint8Array;
  /** phones that are not 1–15 digits, by row offset. */
  raw: Record<number, string>;
  content: Uint32Array;
  account: Uint32Array;
  status: Int16Array;
  prod: Uint8Array;
  dead: Uint8Array;
}
