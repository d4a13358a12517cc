import { useSelector } from '@xstate/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { PrimeReactProvider } from 'primereact/api';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Toast } from 'primereact/toast';
import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { CONSOLE_BASE_PATH } from '../../contract/constants';
import { guard, NO_AUTH_ROUTES } from './guards';
import { A11Y_PASS_THROUGH } from './a11y-pass-through';
import { getLanguage } from '../ui/language';
import { registerNotifySink } from '../ui/notify';
import { ErrorPage } from './pages/error-page';
import { LockPage } from './pages/lock-page';
import { LoginPage } from './pages/login-page';
import { loadConsole, loadedConsole } from './load-console';
import type { LoggedInConsoleProps } from './logged-in-console';
import { lockActor, sessionActor } from './session-actor';

// The logged-in console (local database, layout, screens) is its own chunk: the login page loads without it, and
// login starts fetching it beside the login request (session-actor.ts).
const LoggedInConsole = lazy(loadConsole);

/** The console, rendered directly when its chunk is already here: no suspended frame to drop early keystrokes, and no
 * Suspense boundary, whose first commit walks the whole console's tree to connect its effects (a few ms of the task
 * that renders the shell after the login). The choice is made once per mount, since switching would remount it. */
function ConsoleSlot({ waiting, ...props }: LoggedInConsoleProps & { waiting: ReactNode }) {
  const [Loaded] = useState(loadedConsole);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={waiting}>
      <LoggedInConsole {...props} />
    </Suspense>
  );
}

/** The pages without a session. Memoized: the guard renders again when the login answers (the token, the session's
 * state), and the login form, whose own state did not change, rendered again with it (~10 ms of PrimeReact inputs on
 * the cores that then serve and read the user info). */
const PublicPages = memo(function PublicPages() {
  return (
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/lock" component={LockPage} />
      <Route path="/403">{() => <ErrorPage code="403" />}</Route>
      <Route path="/500">{() => <ErrorPage code="500" />}</Route>
      <Route>{() => <ErrorPage code="404" />}</Route>
    </Switch>
  );
});

/** sessionStorage key of the page the lock was entered from. */
const LOCKED_FROM = 'sms-cloud.lockedFrom';

function Guarded() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const loggedIn = useSelector(sessionActor, (s) => s.matches({ session: 'loggedIn' }));
  const pending = useSelector(
    sessionActor,
    (s) =>
      s.matches({ session: 'boot' }) || s.matches({ session: 'loadingUser' }) || s.matches({ session: 'loggingOut' }),
  );
  const token = useSelector(sessionActor, (s) => s.context.token);
  const userInfo = useSelector(sessionActor, (s) => s.context.userInfo);
  const locked = useSelector(lockActor, (s) => !s.matches('unlocked') && !s.matches('locking'));
  const search = useSearch();
  const decision = guard(path, { loggedIn, pending, locked, lockedFrom: sessionStorage.getItem(LOCKED_FROM) });

  if ('redirect' in decision) {
    // the page being locked, so unlocking returns to it
    if (decision.redirect === '/lock' && !NO_AUTH_ROUTES.includes(path))
      sessionStorage.setItem(LOCKED_FROM, search ? `${path}?${search}` : path);
    return <Redirect to={decision.redirect} replace />;
  }
  const waiting = (
    <main className="shell-wait" aria-busy="true">
      <ProgressSpinner aria-label={t('common.loading')} />
    </main>
  );
  if (decision.render === 'wait') return waiting;
  if (decision.render === 'public') return <PublicPages />;
  return <ConsoleSlot waiting={waiting} token={token!} userInfo={userInfo!} />;
}

export function App() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    registerNotifySink((m) => toast.current?.show({ ...m, life: m.severity === 'error' ? 6000 : 3000 }));
    return () => registerNotifySink(null);
  }, []);
  return (
    <PrimeReactProvider value={{ locale: getLanguage(), pt: A11Y_PASS_THROUGH }}>
      <Toast ref={toast} position="top-center" />
      <ConfirmDialog />
      <Router base={CONSOLE_BASE_PATH}>
        <Guarded />
      </Router>
    </PrimeReactProvider>
  );
}
