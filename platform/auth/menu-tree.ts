import type { MenuItem, PermCode, TopMenuItem } from '../../contract/endpoints/user.endpoints';
import { screenGranted } from '../../contract/product-screens';

// The runtime menu per product: groups (empty path) holding screens by menu path.
// Labels are the console's i18n keys (src/i18n, checked by tests/api/menu.test.ts); `roles` limits an item to users holding one of those roles.

const leaf = (path: string, icon: string, roles?: string[]): MenuItem => {
  const id = path.slice(1).replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());
  return { id, label: `menu.${id}`, path, icon, ...(roles ? { roles } : {}) };
};
const group = (product: string, name: string, icon: string, children: MenuItem[]): MenuItem => ({
  id: `${product}.${name}`,
  label: `menu.group.${name}`,
  path: '',
  icon,
  children,
});

export const MENUS: Record<PermCode, MenuItem[]> = {
  homeSms: [
    group('homeSms', 'send', 'pi pi-send', [
      leaf('/smsGroupSend', 'pi pi-send'),
      leaf('/smsOneToOneSend', 'pi pi-table'),
      leaf('/smsLinkSend', 'pi pi-link'),
      leaf('/taokeSend', 'pi pi-shopping-cart'),
    ]),
    group('homeSms', 'records', 'pi pi-list', [
      leaf('/mtRecordList', 'pi pi-upload'),
      leaf('/moRecordList', 'pi pi-download'),
      leaf('/interactList', 'pi pi-comments'),
    ]),
    group('homeSms', 'timed', 'pi pi-clock', [
      leaf('/pageTimeBatchList', 'pi pi-calendar'),
      leaf('/timeMtMessageList', 'pi pi-clock'),
    ]),
    group('homeSms', 'statistics', 'pi pi-chart-bar', [
      leaf('/dataGatheringBatchList', 'pi pi-chart-bar'),
      leaf('/dataGatheringList', 'pi pi-chart-line'),
    ]),
  ],
  internationalSms: [
    group('internationalSms', 'send', 'pi pi-send', [leaf('/inteSmsSend', 'pi pi-send')]),
    group('internationalSms', 'records', 'pi pi-list', [leaf('/inteMtRecordList', 'pi pi-globe')]),
    group('internationalSms', 'statistics', 'pi pi-chart-bar', [
      leaf('/inteDataGatheringBatchList', 'pi pi-chart-bar'),
      leaf('/inteDataGatheringList', 'pi pi-chart-line'),
    ]),
  ],
  videoSms: [
    group('videoSms', 'send', 'pi pi-send', [
      leaf('/videoSmsSend', 'pi pi-video'),
      leaf('/cspSmsSend', 'pi pi-id-card'),
    ]),
    group('videoSms', 'records', 'pi pi-list', [
      leaf('/videoMtRecordList', 'pi pi-video'),
      leaf('/cspMtRecordList', 'pi pi-comments'),
    ]),
    group('videoSms', 'templates', 'pi pi-images', [
      leaf('/videoTemplateList', 'pi pi-images'),
      leaf('/cspTemplateList', 'pi pi-id-card'),
    ]),
  ],
  cspSms: [
    group('cspSms', 'send', 'pi pi-send', [leaf('/cspSmsSend', 'pi pi-id-card')]),
    group('cspSms', 'records', 'pi pi-list', [leaf('/cspMtRecordList', 'pi pi-comments')]),
    group('cspSms', 'templates', 'pi pi-images', [leaf('/cspTemplateList', 'pi pi-id-card')]),
  ],
  userCenter: [
    group('userCenter', 'finance', 'pi pi-wallet', [leaf('/rechargeList', 'pi pi-wallet')]),
    // Customer management implies an admin role; an agent manages the accounts it created.
    group('userCenter', 'accounts', 'pi pi-users', [leaf('/subAccountList', 'pi pi-users', ['admin', 'agent'])]),
    // the platform's carriers, routes, their audit, costs and margins: the platform operator's alone (the platform refuses every other
    // caller)
    group('userCenter', 'carriers', 'pi pi-server', [
      leaf('/carrierStatus', 'pi pi-server', ['operator']),
      leaf('/carrierRoutes', 'pi pi-sitemap', ['operator']),
      leaf('/carrierAudit', 'pi pi-history', ['operator']),
      leaf('/carrierCosts', 'pi pi-money-bill', ['operator']),
      leaf('/carrierMargins', 'pi pi-chart-line', ['operator']),
    ]),
    group('userCenter', 'tools', 'pi pi-wrench', [
      leaf('/addressBookList', 'pi pi-book'),
      leaf('/contentTemplateList', 'pi pi-file'),
      leaf('/shortLinkList', 'pi pi-link'),
      leaf('/mobileStatusList', 'pi pi-mobile'),
    ]),
    group('userCenter', 'numberCheck', 'pi pi-mobile', [
      leaf('/mobileStatusStatistics', 'pi pi-chart-pie'),
      leaf('/numberPortingStatistics', 'pi pi-arrow-right-arrow-left'),
      leaf('/mobileBlackStatistics', 'pi pi-ban'),
      leaf('/mobileBlackList', 'pi pi-user-minus'),
      leaf('/sendPolicy', 'pi pi-sliders-h', ['admin']),
      leaf('/replyRules', 'pi pi-reply', ['admin']),
    ]),
    group('userCenter', 'mine', 'pi pi-user', [
      leaf('/activity', 'pi pi-history'),
      leaf('/info/setting', 'pi pi-cog'),
      leaf('/apiInfo', 'pi pi-key'),
    ]),
  ],
};

/** Product lines that open each area; userCenter needs none. Video SMS also opens with CSP alone. */
export const AREA_PRODUCTS: Record<PermCode, number[] | null> = {
  userCenter: null,
  homeSms: [0],
  videoSms: [2, 6],
  internationalSms: [1],
  cspSms: [6],
};

const TOP: Array<Omit<TopMenuItem, 'prodAccess'>> = [
  { permCode: 'userCenter', label: 'topMenu.userCenter', icon: 'pi pi-user', prodType: null },
  { permCode: 'homeSms', label: 'topMenu.homeSms', icon: 'pi pi-comment', prodType: 0 },
  { permCode: 'videoSms', label: 'topMenu.videoSms', icon: 'pi pi-video', prodType: 2 },
  { permCode: 'internationalSms', label: 'topMenu.internationalSms', icon: 'pi pi-globe', prodType: 1 },
];

export const hasArea = (code: PermCode, granted: number[]) =>
  AREA_PRODUCTS[code]?.some((p) => granted.includes(p)) ?? true;

export const topMenuFor = (granted: number[]): TopMenuItem[] =>
  TOP.map((t) => ({ ...t, prodAccess: hasArea(t.permCode, granted) }));

/** The menu with items the user's roles may not see removed, and the screens of products the account lacks (`granted`,
 * its product lines; all kept when not given), and groups left empty dropped. */
export function menuFor(items: MenuItem[], roles: string[], granted?: readonly number[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.roles && !item.roles.some((r) => roles.includes(r))) return [];
    if (granted && item.path && !screenGranted(item.path, granted)) return [];
    if (!item.children) return [item];
    const children = menuFor(item.children, roles, granted);
    return children.length ? [{ ...item, children }] : [];
  });
}
