import { createHttpClient, type HttpClient } from '../../sync/http-client';
import { getLanguage } from './language';
import { notify } from './notify';
import { emitUnauthorized } from './session-events';
import { readToken } from './token-store';

// The console's one HTTP client: the session token, the current language, 401 -> logout, errors -> toast.
export const api: HttpClient = createHttpClient({
  getToken: () => readToken()?.token ?? null,
  getLanguage,
  onUnauthorized: emitUnauthorized,
  onErrorToast: (message) => notify({ severity: 'error', summary: message }),
});
