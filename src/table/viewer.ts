import { useMemo } from 'react';
import type { Language } from '../../contract/constants';
import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import { useSession } from '../session/use-session';
import type { ViewerContext } from './screen-definition';

/** What the screens need to know of the viewer, from the user info and the language. */
export function viewerOf(userInfo: UserInfo | null, language: Language): ViewerContext {
  const a = userInfo?.authUser;
  return {
    userType: a?.userType ?? 3,
    showClientStatus: a?.showClientStatus ?? 1,
    clientForbidUnknown: a?.clientForbidUnknown ?? 0,
    showContentFilterWhere: a?.showContentFilterWhere ?? 0,
    permissions: new Set(userInfo?.permission ?? []),
    lang: language,
  };
}

export function useViewer(): ViewerContext {
  const { userInfo, language } = useSession();
  return useMemo(() => viewerOf(userInfo, language), [userInfo, language]);
}
