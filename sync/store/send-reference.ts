import { priceListEndpoint, type PriceRow, type SendAccount } from '../../contract/endpoints/price.endpoints';
import type { HttpClient } from '../http/http-client';
import type { LocalDb } from './local-db';
import { recordStoreOf } from './record-store';

// Reference data of the send forms: the price list and the accounts' time zone, pay type and balance,
// fetched from the platform and kept in the local database, so a send is priced offline too.

export interface SendReference {
  prices: PriceRow[];
  accounts: SendAccount[];
  /** epoch ms of the platform's answer. */
  fetched_at: number;
}

const STATE_ID = 'reference:send';

/** The platform's current list when it answers (and kept locally), else the last one kept, else null. */
export async function loadSendReference(
  db: LocalDb,
  client: HttpClient,
  now = Date.now(),
): Promise<SendReference | null> {
  const store = recordStoreOf(db);
  try {
    const answer = await client.call(priceListEndpoint, {}, { silent: true });
    const ref: SendReference = { ...answer, fetched_at: now };
    await store.writeState(STATE_ID, ref);
    return ref;
  } catch {
    return store.readState<SendReference>(STATE_ID);
  }
}
