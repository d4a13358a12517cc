import { useSelector } from '@xstate/react';
import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Menu } from 'primereact/menu';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import { memo, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate as navigateTo } from 'wouter/use-browser-location';
import { CONSOLE_BASE_PATH, LANGUAGES, LOG_BADGE_CAP } from '../../../contract/constants';
import type { MenuItem } from '../../../contract/endpoints/user.endpoints';
import { translate } from '../../../contract/messages';
import { SyncStatusIndicator } from '../../data/sync-status-indicator';
import { pending$ } from '../../data/sync-runtime';
import { FormDialog } from '../../forms/form-dialog';
import { errorLogStore } from '../error-log';
import { useStore } from '../external-store';
import { displayTimeZone, zoneLabel } from '../../ui/format';
import { getLanguage, switchLanguage } from '../../ui/language';
import { badgeText, menuLeaves, searchMenu } from '../menu';
import { chooseProduct, loadGrantedMenus, menuStore } from '../menu-store';
import { notify } from '../../ui/notify';
import { afterFirstScreen } from '../../data/first-screen';
import { afterFirstPaint, ButtonStandIn, DropdownStandIn, useOpenOnceMounted } from '../../ui/stand-ins';
import { lockActorRef, sessionActorRef } from '../../session/session-ref';
import { FeedbackDialog } from './feedback-dialog';
import { IconButton } from './icon-button';
import { LogViewerDialog } from './log-viewer-dialog';
import { NoticeList, useNotices } from './notice-bell';

// The top bar: sidebar toggle, product areas, menu search, notice, logs, feedback, fullscreen,
// language, lock and the user dropdown. Icon buttons carry aria-labels.

/** Opens a console page (as the router's own navigate, which would subscribe the top bar to every location change). */
const navigate = (path: string) => navigateTo(CONSOLE_BASE_PATH + path);

function ProductMenu() {
  const { t } = useTranslation();
  const { top, active } = useStore(menuStore);
  const choose = (code: (typeof top)[number]['permCode']) => {
    if (!chooseProduct(code)) notify({ severity: 'warn', summary: translate(getLanguage(), 'product.notEnabled') });
  };
  return (
    <nav className="product-menu" aria-label={t('top.productMenu')}>
      {top.map((item) => (
        <button
          key={item.permCode}
          type="button"
          className={`product-item${item.permCode === active ? ' active' : ''}${item.prodAccess ? '' : ' locked'}`}
          aria-pressed={item.permCode === active}
          title={t(item.label)}
          onClick={() => choose(item.permCode)}
        >
          <i className={item.icon} aria-hidden="true" />
          <span>{t(item.label)}</span>
        </button>
      ))}
    </nav>
  );
}

function MenuSearch({ leaves }: { leaves: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const hits = searchMenu(leaves, query, (k) => t(k));
  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    // every granted product's entries, not only the products opened this session, so a search finds any page
    void loadGrantedMenus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const go = (path: string) => {
    navigate(path);
    close();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
    if (e.key === 'Enter' && hits[0]) go(hits[0].path);
  };
  if (!open)
    return (
      <IconButton icon="pi pi-search" label={t('top.search')} title={t('top.search')} onClick={() => setOpen(true)} />
    );
  return (
    <div className="menu-search" role="search" onKeyDown={onKey}>
      <input
        ref={input}
        className="p-inputtext p-component"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('top.searchPlaceholder')}
        aria-label={t('top.search')}
        aria-controls="menu-search-results"
        onBlur={(e) => !e.currentTarget.parentElement?.contains(e.relatedTarget) && close()}
      />
      {query.trim() && (
        <ul id="menu-search-results" className="menu-search-results" aria-live="polite">
          {hits.length === 0 && <li className="muted">{t('top.noMatch')}</li>}
          {hits.map((h) => (
            <li key={h.path}>
              <button type="button" onClick={() => go(h.path)}>
                <i className={h.icon} aria-hidden="true" /> {t(h.label)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LockDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const error = useSelector(lockActorRef(), (s) => s.context.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    lockActorRef().send({ type: 'lock.set', password });
  };
  // a password the user chose not to keep is not there when the dialog opens again
  const leave = () => {
    setPassword('');
    onHide();
  };
  return (
    <FormDialog
      header={t('lock.setTitle')}
      visible={visible}
      onHide={leave}
      unsaved={password !== ''}
      style={{ width: 'min(420px, 95vw)' }}
    >
      <form onSubmit={submit} className="lock-form" noValidate>
        <label htmlFor="lock-password">{t('lock.password')}</label>
        <Password
          inputId="lock-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          feedback={false}
          toggleMask
          autoFocus
          invalid={!!error}
        />
        {error && (
          <small className="p-error" role="alert">
            {t(error)}
          </small>
        )}
        <Button type="submit" label={t('lock.lock')} icon="pi pi-lock" />
      </form>
    </FormDialog>
  );
}

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(!!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () =>
    void (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(
      () => {},
    );
  return [on, toggle];
}

type TopDialog = 'logs' | 'feedback' | 'lock';
/** the shell's first paint shows stand-ins for the language dropdown and the user button, and no closed popups; the
 * widgets mount once the first screen's rows are on screen (mounted with the shell, they took ~25 ms of the task that
 * renders the first records screen), at the latest after AFTER_FIRST_SCREEN_WAIT_MS, and at once when a pointer or
 * the focus comes to the bar */
const useTopBarWidgets = afterFirstPaint(afterFirstScreen);

/** Memoized: a navigation or a menus update re-renders the layout, and the top bar (about 30 components) only when its
 * own state or the sidebar's changes. */
export const TopBar = memo(function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { menus } = useStore(menuStore);
  const logCount = useStore(errorLogStore).length;
  const offline = useSelector(sessionActorRef(), (s) => s.context.offline);
  const name = useSelector(sessionActorRef(), (s) => s.context.userInfo?.name ?? '');
  const [dialog, setDialogState] = useState<TopDialog | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<TopDialog>>(() => new Set());
  const setDialog = (d: TopDialog | null) => {
    if (d && !opened.has(d)) setOpened(new Set([...opened, d]));
    setDialogState(d);
  };
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const widgets = useTopBarWidgets(true);
  const whenMounted = useOpenOnceMounted(useTopBarWidgets, widgets);
  const userMenu = useRef<Menu>(null);
  const notice = useRef<OverlayPanel>(null);
  const leaves = Object.values(menus).flatMap((m) => menuLeaves(m ?? []));
  const badge = badgeText(logCount, LOG_BADGE_CAP);
  const notices = useNotices(widgets);
  const noticeBadge = badgeText(notices.unread, LOG_BADGE_CAP);

  const logout = () =>
    confirmDialog({
      // the account's copy leaves this browser with the session, and what it still queues is lost with it
      message: [
        t('top.logoutConfirm'),
        pending$.value.length > 0 ? t('top.logoutPending', { count: pending$.value.length }) : '',
      ]
        .filter(Boolean)
        .join(' '),
      header: t('top.logout'),
      icon: 'pi pi-sign-out',
      acceptLabel: t('common.ok'),
      rejectLabel: t('common.cancel'),
      accept: () => sessionActorRef().send({ type: 'session.logout' }),
    });

  return (
    <header className="top-bar" {...useTopBarWidgets.wakeOn}>
      <IconButton
        icon={collapsed ? 'pi pi-angle-double-right' : 'pi pi-angle-double-left'}
        label={t('top.toggleSidebar')}
        aria-expanded={!collapsed}
        onClick={onToggle}
      />
      <ProductMenu />
      <span className="top-spacer" />
      {offline && <Tag severity="warning" value={t('app.offline')} title={t('app.offlineNote')} role="status" />}
      <SyncStatusIndicator />
      <span
        className="time-zone"
        data-testid="time-zone"
        title={t('top.timeZone', { zone: displayTimeZone(), offset: zoneLabel() })}
      >
        <i className="pi pi-clock" aria-hidden="true" />
        <span className="visually-hidden">{t('top.timeZone', { zone: displayTimeZone(), offset: zoneLabel() })}</span>
        <span aria-hidden="true">{zoneLabel()}</span>
      </span>
      <MenuSearch leaves={leaves} />
      <span className="icon-with-badge">
        <IconButton
          icon="pi pi-bell"
          label={notices.unread ? t('notice.bellLabel', { count: notices.unread }) : t('top.notice')}
          title={t('top.notice')}
          data-testid="notice-bell"
          onClick={(e) => {
            const bell = e.currentTarget;
            whenMounted(() => notice.current?.toggle(e, bell));
          }}
        />
        {noticeBadge && <Badge value={noticeBadge} severity="warning" aria-hidden="true" data-testid="notice-badge" />}
      </span>
      {widgets && (
        <OverlayPanel ref={notice} className="notice-panel" aria-label={t('top.notice')}>
          <NoticeList state={notices} onOpen={() => notice.current?.hide()} />
        </OverlayPanel>
      )}
      <span className="icon-with-badge">
        <IconButton
          icon="pi pi-exclamation-triangle"
          label={`${t('top.logs')}${badge ? ` (${badge})` : ''}`}
          title={t('top.logs')}
          onClick={() => setDialog('logs')}
        />
        {badge && <Badge value={badge} severity="danger" aria-hidden="true" />}
      </span>
      <IconButton
        icon="pi pi-comment"
        label={t('top.feedback')}
        title={t('top.feedback')}
        onClick={() => setDialog('feedback')}
      />
      <IconButton
        icon={fullscreen ? 'pi pi-window-minimize' : 'pi pi-window-maximize'}
        label={t(fullscreen ? 'top.exitFullscreen' : 'top.fullscreen')}
        title={t(fullscreen ? 'top.exitFullscreen' : 'top.fullscreen')}
        onClick={toggleFullscreen}
      />
      {widgets ? (
        <Dropdown
          className="language-dropdown"
          aria-label={t('top.language')}
          value={getLanguage()}
          options={LANGUAGES.map((l) => ({ label: t(`language.${l}`), value: l }))}
          onChange={(e) => switchLanguage(e.value)}
        />
      ) : (
        <DropdownStandIn className="language-dropdown" label={t(`language.${getLanguage()}`)} placeholder="" />
      )}
      <IconButton icon="pi pi-lock" label={t('top.lock')} title={t('top.lock')} onClick={() => setDialog('lock')} />
      {widgets && (
        <Menu
          ref={userMenu}
          popup
          id="user-menu"
          model={[
            { label: t('top.personalInfo'), icon: 'pi pi-id-card', command: () => navigate('/info/index') },
            { label: t('top.accountSettings'), icon: 'pi pi-cog', command: () => navigate('/info/setting') },
            { separator: true },
            { label: t('top.logout'), icon: 'pi pi-sign-out', command: logout },
          ]}
        />
      )}
      {widgets ? (
        <Button
          className="user-button"
          icon="pi pi-user"
          label={name}
          text
          aria-label={`${t('top.user')}: ${name}`}
          aria-haspopup="menu"
          aria-controls="user-menu"
          onClick={(e) => userMenu.current?.toggle(e)}
        />
      ) : (
        <ButtonStandIn className="user-button" icon="pi pi-user" label={name} severity="text" />
      )}
      {/* each mounted from its first opening on (then kept, so it closes with its animation) */}
      {opened.has('logs') && <LogViewerDialog visible={dialog === 'logs'} onHide={() => setDialog(null)} />}
      {opened.has('feedback') && <FeedbackDialog visible={dialog === 'feedback'} onHide={() => setDialog(null)} />}
      {opened.has('lock') && <LockDialog visible={dialog === 'lock'} onHide={() => setDialog(null)} />}
    </header>
  );
});
