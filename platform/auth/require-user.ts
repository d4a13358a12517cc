import { unauthorized } from '../http/api-error';
import type { CurrentUser } from './current-user';

/** The caller of a token endpoint. route() already refused calls without a valid token; this narrows the type,
 * because defineEndpoint widens `auth` to AuthMode and the handler then sees `CurrentUser | null`. */
export function requireUser(user: CurrentUser | null): CurrentUser {
  if (!user) throw unauthorized();
  return user;
}
