import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { MenuItem } from '../../../contract/endpoints/user.endpoints';

// The runtime menu of the chosen product (spec §2): groups with their pages; collapsed shows icons only.
function Item({ item, collapsed, path }: { item: MenuItem; collapsed: boolean; path: string }) {
  const { t } = useTranslation();
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
            <Item key={c.id} item={c} collapsed={collapsed} path={path} />
          ))}
        </ul>
      </li>
    );
  const active = item.path === path;
  return (
    <li>
      <Link href={item.path} className={`menu-link${active ? ' active' : ''}`} aria-current={active ? 'page' : undefined} aria-label={collapsed ? label : undefined} title={label}>
        <i className={item.icon} aria-hidden="true" />
        {!collapsed && <span>{label}</span>}
      </Link>
    </li>
  );
}

export function SideMenu({ items, collapsed }: { items: MenuItem[]; collapsed: boolean }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  return (
    <nav className={`side-menu${collapsed ? ' collapsed' : ''}`} aria-label={t('top.sideMenu')}>
      <div className="side-brand" title={t('app.title')}>
        <i className="pi pi-comments" aria-hidden="true" />
        {!collapsed && <span>{t('app.title')}</span>}
      </div>
      <ul>
        <Item item={{ id: 'home', label: 'page.home', path: '/wel/index', icon: 'pi pi-home' }} collapsed={collapsed} path={path} />
        {items.map((i) => (
          <Item key={i.id} item={i} collapsed={collapsed} path={path} />
        ))}
      </ul>
    </nav>
  );
}
