import { useSelector } from '@xstate/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { PrimeReactProvider } from 'primereact/api';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { CONSOLE_BASE_PATH } from '../../contract/constants';
import { SyncBoundary } from '../data/sync-boundary';
import { guard, NO_AUTH_ROUTES } from './guards';
import { getLanguage } from './language';
import { ConsoleLayout } from './layout/console-layout';
import { registerNotifySink } from './notify';
import { ErrorPage } from './pages/error-page';
import { LockPage } from './pages/lock-page';
import { LoginPage } from './pages/login-page';
import { lockActor, sessionActor } from './session-actor';

/** sessionStorage key of the page the lock was entered from. */
const LOCKED_FROM = 'sms-cloud.lockedFrom';

function Guarded() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const loggedIn = useSelector(sessionActor, (s) => s.matches({ session: 'loggedIn' }));
  const pending = useSelector(sessionActor, (s) => s.matches({ session: 'boot' }) || s.matches({ session: 'loadingUser' }) || s.matches({ session: 'loggingOut' }));
  const token = useSelector(sessionActor, (s) => s.context.token);
  const userInfo = useSelector(sessionActor, (s) => s.context.userInfo);
  const locked = useSelector(lockActor, (s) => !s.matches('unlocked') && !s.matches('locking'));
  const search = useSearch();
  const decision = guard(path, { loggedIn, pending, locked, lockedFrom: sessionStorage.getItem(LOCKED_FROM) });

  if ('redirect' in decision) {
    // the page being locked, so unlocking returns to it (issue 14 item 9)
    if (decision.redirect === '/lock' && !NO_AUTH_ROUTES.includes(path)) sessionStorage.setItem(LOCKED_FROM, search ? `${path}?${search}` : path);
    return <Redirect to={decision.redirect} replace />;
  }
  if (decision.render === 'wait')
    return (
      <main className="shell-wait" aria-busy="true">
        <ProgressSpinner aria-label={t('common.loading')} />
      </main>
    );
  if (decision.render === 'public')
    return (
      <Switch>
        <Route path="/login" component={LoginPage} />
        <Route path="/lock" component={LockPage} />
        <Route path="/403">{() => <ErrorPage code="403" />}</Route>
        <Route path="/500">{() => <ErrorPage code="500" />}</Route>
        <Route>{() => <ErrorPage code="404" />}</Route>
      </Switch>
    );
  return (
    <SyncBoundary token={token!} userInfo={userInfo!}>
      <ConsoleLayout />
    </SyncBoundary>
  );
}

export function App() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    registerNotifySink((m) => toast.current?.show({ ...m, life: m.severity === 'error' ? 6000 : 3000 }));
    return () => registerNotifySink(null);
  }, []);
  return (
    <PrimeReactProvider value={{ locale: getLanguage() }}>
      <Toast ref={toast} position="top-center" />
      <ConfirmDialog />
      <Router base={CONSOLE_BASE_PATH}>
        <Guarded />
      </Router>
    </PrimeReactProvider>
  );
}
