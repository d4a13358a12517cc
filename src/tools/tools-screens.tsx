import type { ScreenEntry } from '../table/screen-entry';
import { BlacklistPage } from './blacklist-page';
import { ConversationsPage } from './conversations-page';
import { NumberCheckPage } from './number-check-page';
import { ReplyRulesPage } from './reply-rules-page';
import { SendPolicyPage } from './send-policy-page';
import { ShortLinksPage } from './short-links-page';
import { BlacklistStatisticsPage, NumberStatusStatisticsPage, PortingStatisticsPage } from './statistics-pages';

// The tools' screens by menu path (platform/auth/menu-tree.ts) that are more than one table screen. The two
// statistics table screens (by country, international) are DEFINITIONS in the registry.
export const TOOLS_SCREENS: Record<string, ScreenEntry> = {
  '/shortLinkList': { title: 'menu.shortLinkList', component: ShortLinksPage },
  '/mobileStatusList': { title: 'menu.mobileStatusList', component: NumberCheckPage },
  '/mobileStatusStatistics': { title: 'menu.mobileStatusStatistics', component: NumberStatusStatisticsPage },
  '/numberPortingStatistics': { title: 'menu.numberPortingStatistics', component: PortingStatisticsPage },
  '/mobileBlackStatistics': { title: 'menu.mobileBlackStatistics', component: BlacklistStatisticsPage },
  '/mobileBlackList': { title: 'menu.mobileBlackList', component: BlacklistPage },
  '/sendPolicy': { title: 'menu.sendPolicy', component: SendPolicyPage },
  '/replyRules': { title: 'menu.replyRules', component: ReplyRulesPage },
  '/interactList': { title: 'menu.interactList', component: ConversationsPage },
};
