import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation } from 'wouter';
import { CONSOLE_BASE_PATH } from '../../../contract/constants';
import type { MenuItem } from '../../../contract/endpoints/user.endpoints';

// The runtime menu of the chosen product: groups with their pages; collapsed shows icons only.
// The items are plain links sharing the menu's one location and translation: a Link and a useTranslation per item
// subscribed each of ~20 items to both, on the console's first render (between the login and the first page) and on
// every navigation.

type Navigate = (to: string) => void;

/** A plain click opens the page in the console; a modified or middle click does what the browser does with a link. */
function follow(e: MouseEvent<HTMLAnchorElement>, to: string, navigate: Navigate): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(to);
}

interface ItemProps {
  item: MenuItem;
  collapsed: boolean;
  path: string;
  t: TFunction;
  navigate: Navigate;
}

const Item = memo(function Item({ item, collapsed, path, t, navigate }: ItemProps) {
  const label = t(item.label);
  if (item.children?.length)
    return (
      <li className="menu-group">
        <span className="menu-group-label" title={label}>
          <i className={item.icon} aria-hidden="true" />
          {!collapsed && <span>{label}</span>}
        </span>
        <ul>
          {item.children.map((c) => (
            // (a leaf is given the path only while it is the active one: the others skip re-rendering on a navigation)
            <Item
              key={c.id}
              item={c}
              collapsed={collapsed}
              path={c.children?.length || c.path === path ? path : ''}
              t={t}
              navigate={navigate}
            />
          ))}
        </ul>
      </li>
    );
  const active = item.path === path;
  return (
    <li>
      <a
        href={CONSOLE_BASE_PATH + item.path}
        onClick={(e) => follow(e, item.path, navigate)}
        className={`menu-link${active ? ' active' : ''}`}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? label : undefined}
        title={label}
      >
        <i className={item.icon} aria-hidden="true" />
        {!collapsed && <span>{label}</span>}
      </a>
    </li>
  );
});

export function SideMenu({ items, collapsed }: { items: MenuItem[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const [path, navigate] = useLocation();
  return (
    <nav className={`side-menu${collapsed ? ' collapsed' : ''}`} aria-label={t('top.sideMenu')}>
      <div className="side-brand" title={t('app.title')}>
        <i className="pi pi-comments" aria-hidden="true" />
        {!collapsed && <span>{t('app.title')}</span>}
      </div>
      <ul>
        <Item item={HOME} collapsed={collapsed} path={path} t={t} navigate={navigate} />
        {items.map((i) => (
          <Item key={i.id} item={i} collapsed={collapsed} path={path} t={t} navigate={navigate} />
        ))}
      </ul>
    </nav>
  );
}

const HOME: MenuItem = { id: 'home', label: 'page.home', path: '/wel/index', icon: 'pi pi-home' };
