import { createHttpClient, type HttpClient, type HttpClientOptions } from '../../sync/http/http-client';
import { createOffThreadFetch } from '../../sync/http/off-thread-fetch';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { emitPlatformAnswered, emitUnauthorized } from './session-events';
import { readToken } from './token-store';

// The console's one HTTP client: the session token, the current language, 401 -> logout, errors -> toast.
const options: HttpClientOptions = {
  getToken: () => readToken()?.token ?? null,
  getLanguage,
  onUnauthorized: emitUnauthorized,
  onErrorToast: (message) => notify({ severity: 'error', summary: message }),
  onAnswered: (opts) => {
    if (!opts.idempotencyKey) emitPlatformAnswered();
  },
};
export const api: HttpClient = createHttpClient(options);

const offThread = createOffThreadFetch(
  () => new Worker(new URL('../../sync/http/fetch.worker.ts', import.meta.url), { type: 'module', name: 'sms-fetch' }),
);
/** The same client, fetching and parsing in a worker (sync/http/off-thread-fetch.ts): for the first-sync pages, whose
 * answers arrive while the console renders. */
const offThreadApi: HttpClient = createHttpClient({ ...options, fetchImpl: offThread.fetch });
/** Starts that worker (at the login page's first keystroke, or the login click: it is ready when the login answer
 * asks the first list). */
export const warmOffThreadApi = () => offThread.warm();
/** The calls on the way to the first page (the user info, the menus, the first-sync pages): through the worker once it
 * runs (from the login click), so they leave at once and their answers come in one message each, not behind the
 * shell's rendering; else on the page (a reload with a stored session does not wait for a worker to start). */
export const earlyApi = (): HttpClient => (offThread.warmed() ? offThreadApi : api);
