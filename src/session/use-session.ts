import { useSelector } from '@xstate/react';
import type { Language } from '../../contract/constants';
import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import { getLanguage } from '../ui/language';
import { sessionActorRef } from './session-ref';

export interface SessionView {
  token: string | null;
  userInfo: UserInfo | null;
  language: Language;
  offline: boolean;
}

/** What screens need of the session: the token, the user (roles, authUser), the language, offline. */
export function useSession(): SessionView {
  const sessionActor = sessionActorRef();
  const token = useSelector(sessionActor, (s) => s.context.token);
  const userInfo = useSelector(sessionActor, (s) => s.context.userInfo);
  const offline = useSelector(sessionActor, (s) => s.context.offline);
  return { token, userInfo, language: getLanguage(), offline };
}
