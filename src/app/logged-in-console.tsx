import type { UserInfo } from '../../contract/endpoints/user.endpoints';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { SyncBoundary } from '../data/sync-boundary';
import { ConsoleLayout } from './layout/console-layout';

/** asked by the session with the user info (load-console.ts) */
export { prefetchFirstList } from './first-list';

// The logged-in part of the app, loaded as its own chunk (app.tsx): the local database, the layout and the screens.
// The outbox is handed every area's command table here, where the console is put together, so events queued offline
// by any screen, this session's or an earlier one's, find their command.
export interface LoggedInConsoleProps {
  token: string;
  userInfo: UserInfo;
}

export function LoggedInConsole({ token, userInfo }: LoggedInConsoleProps) {
  return (
    <SyncBoundary token={token} userInfo={userInfo} commands={ALL_COMMANDS}>
      <ConsoleLayout />
    </SyncBoundary>
  );
}
