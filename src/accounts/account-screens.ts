import type { ScreenEntry } from '../table/screen-entry';
import { ApiInfoScreen } from './api-info.screen';
import { RechargesScreen } from './recharges.screen';
import { SettingsScreen } from './settings.screen';
import { SubAccountsScreen } from './sub-accounts.screen';

// The account screens by menu path (platform/auth/menu-tree.ts, user centre).
export const ACCOUNT_SCREENS: Record<string, ScreenEntry> = {
  '/subAccountList': { title: 'menu.subAccountList', component: SubAccountsScreen },
  '/rechargeList': { title: 'menu.rechargeList', component: RechargesScreen },
  '/info/setting': { title: 'menu.infoSetting', component: SettingsScreen },
  '/apiInfo': { title: 'menu.apiInfo', component: ApiInfoScreen },
};
