import { ContextMenu } from 'primereact/contextmenu';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { FIRST_TAB } from '../../../contract/constants';
import { useStore } from '../external-store';
import { closeAllTabs, closeOtherTabs, closeTab } from '../tabs';
import { tabsStore } from '../tabs-store';
import { afterFirstScreen } from '../../data/first-screen';
import { afterFirstPaint, useOpenOnceMounted } from '../../ui/stand-ins';

/** the context menu (nothing on screen until opened) mounts after the first screen, like the top bar's widgets */
const useContextMenu = afterFirstPaint(afterFirstScreen);

// Visited pages as closable tabs; right-click (or the context-menu key) offers close others / close all.
export function TabBar() {
  const { t } = useTranslation();
  const tabs = useStore(tabsStore);
  const [path, navigate] = useLocation();
  const menu = useRef<ContextMenu>(null);
  const withMenu = useContextMenu(true);
  const [target, setTarget] = useState<string>(FIRST_TAB);
  const list = useRef<HTMLUListElement>(null);
  // the bar scrolls sideways when the tabs overflow: keep the active one in view
  // (in the next frame: called in the commit it forced a layout of the page half rendered, 20-30 ms on the login's
  // critical path, which the frame then lays out again)
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      list.current?.querySelector<HTMLElement>('.tab.active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [path, tabs.length]);

  const close = (p: string) => {
    const r = closeTab(tabsStore.get(), p, path);
    tabsStore.set(r.tabs);
    if (r.goTo) navigate(r.goTo);
  };
  const whenMounted = useOpenOnceMounted(useContextMenu, withMenu);
  const openMenu = (e: MouseEvent, p: string) => {
    setTarget(p);
    e.preventDefault();
    whenMounted(() => menu.current?.show(e));
  };
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')} {...useContextMenu.wakeOn}>
      {withMenu && (
        <ContextMenu
          ref={menu}
          model={[
            {
              label: t('tabs.closeOthers'),
              icon: 'pi pi-times-circle',
              command: () => {
                tabsStore.set(closeOtherTabs(tabsStore.get(), target));
                if (target !== path) navigate(target);
              },
            },
            {
              label: t('tabs.closeAll'),
              icon: 'pi pi-ban',
              command: () => {
                tabsStore.set(closeAllTabs());
                navigate(FIRST_TAB);
              },
            },
          ]}
        />
      )}
      <ul role="list" ref={list}>
        {tabs.map((tab) => {
          const active = tab.path === path;
          return (
            <li
              key={tab.path}
              className={`tab${active ? ' active' : ''}`}
              onContextMenu={(e) => openMenu(e, tab.path)}
              data-path={tab.path}
            >
              <Link href={tab.path} aria-current={active ? 'page' : undefined}>
                {t(tab.title)}
              </Link>
              {tab.path !== FIRST_TAB && (
                <button
                  type="button"
                  className="tab-close"
                  aria-label={`${t('tabs.close')}: ${t(tab.title)}`}
                  onClick={() => close(tab.path)}
                >
                  <i className="pi pi-times" aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
