import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createHttpClient, type HttpClient } from '../../sync/http/http-client';
import { openLocalDb, type LocalDb, type RecordCollectionName } from '../../sync/store/local-db';
import { queryLocal } from '../../sync/query/query';
import { recordStoreOf, type Doc } from '../../sync/store/record-store';
import type { TestPlatform } from '../helpers/platform';

let n = 0;

/** A console-side client for a logged-in user of a test platform, with its own fresh local database. */
export async function consoleFor(
  platform: TestPlatform,
  username: string,
  cusId: string,
): Promise<{
  client: HttpClient;
  db: LocalDb;
  token: string;
  fetchCalls: { path: string; headers: Record<string, string> }[];
}> {
  const token = await platform.login(username);
  const fetchCalls: { path: string; headers: Record<string, string> }[] = [];
  const client = createHttpClient({
    baseUrl: platform.base,
    getToken: () => token,
    getLanguage: () => 'zh',
    onUnauthorized: () => {},
    fetchImpl: (input, init) => {
      fetchCalls.push({
        path: String(input).replace(platform.base, ''),
        headers: { ...(init?.headers as Record<string, string>) },
      });
      return fetch(input, init);
    },
  });
  const db = await openLocalDb({ cusId, indexedDB, IDBKeyRange, namespace: `s${process.pid}x${n++}` });
  return { client, db, token, fetchCalls };
}

/** One local record as the screens read it, or null. */
export async function localGet(db: LocalDb, name: RecordCollectionName, id: string): Promise<Doc | null> {
  return (await recordStoreOf(db).get(name, [id]))[0] ?? null;
}

/** Every local record of a collection. */
export function localAll(db: LocalDb, name: RecordCollectionName): Promise<Doc[]> {
  return queryLocal(db, name, { selector: {} });
}
