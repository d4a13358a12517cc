import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { memo, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { SCREEN_PRODUCTS } from '../../../contract/product-screens';
import { SCREENS } from '../screen-registry';
import { ErrorBoundary } from '../error-boundary';
import { useStore } from '../external-store';
import { setDisplayTimeZone } from '../../ui/format';
import { menuLeaves } from '../menu';
import { loadGrantedMenus, loadMenus, menuStore, retryMenus } from '../menu-store';
import { DashboardPage } from '../pages/dashboard-page';
import { ComingSoonPage, IframePage, InfoPage } from '../pages/simple-pages';
import { sessionActorRef } from '../../session/session-ref';
import { openTab } from '../tabs';
import { tabsStore } from '../tabs-store';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

// The logged-in frame: sidebar, top bar, tabs and the page of the current route (fixed or from the runtime menu).
const FIXED: Record<string, { title: string; component: ComponentType }> = {
  '/wel/index': { title: 'page.home', component: DashboardPage },
  '/info/index': { title: 'page.info', component: InfoPage },
};
const IFRAME_PREFIX = '/myiframe/';
const COLLAPSED_KEY = 'sidebarCollapsed';

// Screens render memoized (they take no props): an update of the menus or the tabs re-renders the frame around the
// screen, not the screen and its table (on the first page's critical path after login, the menus land late).
const memoized = new WeakMap<ComponentType, ComponentType>();
function memoOf(component: ComponentType): ComponentType {
  let m = memoized.get(component);
  if (!m) memoized.set(component, (m = memo(component)));
  return m;
}

export interface ResolvedPage {
  title: string;
  render: () => React.ReactNode;
}

function usePage(path: string): ResolvedPage | 'loading' | 'forbidden' | 'unreachable' | 'notEnabled' | null {
  const { top, menus, loaded, allLoaded } = useStore(menuStore);
  const fixed = FIXED[path];
  if (fixed) return { title: fixed.title, render: () => <fixed.component /> };
  if (path.startsWith(IFRAME_PREFIX)) return { title: 'page.iframe', render: () => <IframePage /> };
  const leaf = Object.values(menus)
    .flatMap((m) => menuLeaves(m ?? []))
    .find((l) => l.path === path);
  const screen = SCREENS[path];
  // A screen opens only from a menu the account is granted: typing the URL of a product it lacks opens nothing.
  // (a screen of a product the top menu grants opens while that product's menu is still on its way, as a records URL
  // opened right after login: the menu, once here, decides)
  const awaitedGrant = screen?.grantedBy?.some(
    (code) => !menus[code] && top.some((p) => p.permCode === code && p.prodAccess),
  );
  if (screen && !leaf && !awaitedGrant) {
    if (!loaded || !allLoaded) {
      if (loaded) void loadGrantedMenus();
      return 'loading';
    }
    // a granted product whose menu never loaded (its retries failed) cannot say "not granted": the user is told so
    // and can ask again
    // a product's screen missing from every menu is one of a product the account lacks: said so, in the frame
    if (top.some((p) => p.prodAccess && !menus[p.permCode])) return 'unreachable';
    return SCREEN_PRODUCTS[path] ? 'notEnabled' : 'forbidden';
  }
  const title = screen?.title ?? leaf?.label ?? (path === '/info/setting' ? 'page.setting' : null);
  if (title) {
    const Screen = screen && memoOf(screen.component);
    return { title, render: () => (Screen ? <Screen /> : <ComingSoonPage path={path} title={title} />) };
  }
  return loaded ? null : 'loading';
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const [path] = useLocation();
  // menus load once per login (not on every token refresh)
  const userName = useSelector(sessionActorRef(), (s) => s.context.userInfo?.authUser.userName);
  const { menus, active } = useStore(menuStore);
  // set before the page renders: every time below is formatted in the account's zone, not the browser's
  setDisplayTimeZone(useSelector(sessionActorRef(), (s) => s.context.userInfo?.authUser.timeZone));
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const page = usePage(path);
  const pageTitle = typeof page === 'object' && page !== null ? page.title : null;

  useEffect(() => {
    void loadMenus();
  }, [userName]);
  useEffect(() => {
    if (pageTitle) tabsStore.set((tabs) => openTab(tabs, { path, title: pageTitle }));
  }, [path, pageTitle]);
  useEffect(() => {
    if (pageTitle) document.title = `${t(pageTitle)} · ${t('app.title')}`;
  }, [pageTitle, t]);

  // the login form that had focus is gone: start keyboard navigation at the top of the console, so the first Tab
  // reaches the skip link (not wherever the removed form stood in the document)
  const shell = useRef<HTMLDivElement>(null);
  // (in the next frame, like the tab bar's scroll: focus forces a layout)
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body)
        shell.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // (one function for the layout's life: the top bar is memoized on it)
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      localStorage.setItem(COLLAPSED_KEY, was ? '0' : '1');
      return !was;
    });
  }, []);
  if (page === null) return <Redirect to="/404" replace />;
  if (page === 'forbidden') return <Redirect to="/403" replace />;
  return (
    <div ref={shell} tabIndex={-1} className={`shell${collapsed ? ' shell-collapsed' : ''}`}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <SideMenu items={menus[active] ?? []} collapsed={collapsed} />
      <div className="shell-main">
        <TopBar collapsed={collapsed} onToggle={toggle} />
        <TabBar />
        <main id="main-content" className="shell-content" tabIndex={-1}>
          {page === 'loading' ? (
            <ProgressSpinner aria-label={t('common.loading')} />
          ) : page === 'notEnabled' ? (
            <section className="page-card" role="alert" data-testid="product-not-enabled">
              <p>{t('product.notEnabledForAccount')}</p>
            </section>
          ) : page === 'unreachable' ? (
            <section className="page-card" role="alert" data-testid="menus-failed">
              <p>{t('error.menusFailed')}</p>
              <Button label={t('error.retry')} icon="pi pi-refresh" onClick={() => void retryMenus()} />
            </section>
          ) : (
            <ErrorBoundary
              key={path}
              fallback={
                <section className="page-card" role="alert">
                  <h1>{t('error.boundary')}</h1>
                  <p>{t('error.boundaryDetail')}</p>
                </section>
              }
            >
              {page.render()}
            </ErrorBoundary>
          )}
        </main>
      </div>
    </div>
  );
}
