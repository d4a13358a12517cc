import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../sync/http-client';
import { createOffThreadFetch } from '../../sync/off-thread-fetch';
import { getLanguage } from './language';
import { notify } from './notify';
import { emitUnauthorized } from './session-events';
import { readToken } from './token-store';

// The console's one HTTP client: the session token, the current language, 401 -> logout, errors -> toast.
const options: HttpClientOptions = {
  getToken: () => readToken()?.token ?? null,
  getLanguage,
  onUnauthorized: emitUnauthorized,
  onErrorToast: (message) => notify({ severity: 'error', summary: message }),
};
export const api: HttpClient = createHttpClient(options);

const offThread = createOffThreadFetch(() => new Worker(new URL('../../sync/fetch.worker.ts', import.meta.url), { type: 'module', name: 'sms-fetch' }));
/** The same client, fetching and parsing in a worker (sync/off-thread-fetch.ts): for the first-sync pages, whose
 * answers arrive while the console renders. */
export const offThreadApi: HttpClient = createHttpClient({ ...options, fetchImpl: offThread.fetch });
/** Starts that worker (at the login click: it is ready when the login answer asks the first list). */
export const warmOffThreadApi = () => offThread.warm();
