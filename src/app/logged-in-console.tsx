import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import './command-tables';
import { SyncBoundary } from '../data/sync-boundary';
import { ConsoleLayout } from './layout/console-layout';

/** asked by the session with the user info (load-console.ts) */
export { prefetchFirstList } from './first-list';

// The logged-in part of the app, loaded as its own chunk (app.tsx): the local database, the layout and the screens.
export interface LoggedInConsoleProps {
  token: string;
  userInfo: UserInfo;
}

export function LoggedInConsole({ token, userInfo }: LoggedInConsoleProps) {
  return (
    <SyncBoundary token={token} userInfo={userInfo}>
      <ConsoleLayout />
    </SyncBoundary>
  );
}
