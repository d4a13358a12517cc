import { createElement, type ComponentType } from 'react';
import { ACCOUNT_SCREENS } from '../accounts/account-screens';
import { CARRIER_SCREENS } from '../carriers/carrier-screens';
import { SEND_SCREENS } from '../send/send-screens';
import { internationalStatistics } from '../tools/statistics-more.screen';
import { shortLinks } from '../tools/short-links.screen';
import { blacklistEntries } from '../tools/blacklist.screen';
import { TOOLS_SCREENS } from '../tools/tools-screens';
import { activity } from '../records/activity.screen';
import { batches, internationalBatches } from '../records/batches.screen';
import { moRecords } from '../records/mo-records.screen';
import { cspRecords, domesticRecords, internationalRecords, videoRecords } from '../records/mt-record-screens';
import type { ScreenDefinition } from '../table/screen-definition';
import type { ScreenEntry } from '../table/screen-entry';
import { statistics } from '../records/statistics.screen';
import { TableScreen } from '../table/table-screen';
import { timeBatches } from '../records/time-batches.screen';
import { timeMtMessages } from '../records/time-mt-messages.screen';
import { addressBookMembers } from '../library/address-book.screen';
import { contentTemplates } from '../library/content-templates.screen';
import { cspTemplates } from '../library/csp-templates.screen';
import { LIBRARY_SCREENS } from '../library/library-screens';
import { videoTemplates } from '../library/video-templates.screen';

// Screens reachable from the runtime menu, by menu path. The shell renders the entry for a menu path, or a
// "coming soon" placeholder when a path has none yet.

/** Every table screen definition, in menu order (the registry test loops over these). */
export const DEFINITIONS: ScreenDefinition<never>[] = [
  domesticRecords,
  internationalRecords,
  videoRecords,
  cspRecords,
  moRecords,
  batches,
  timeMtMessages,
  timeBatches,
  statistics,
  activity,
  shortLinks,
  internationalBatches,
  internationalStatistics,
  addressBookMembers,
  contentTemplates,
  videoTemplates,
  cspTemplates,
  blacklistEntries,
] as unknown as ScreenDefinition<never>[];

export const SCREENS: Record<string, ScreenEntry> = {
  ...Object.fromEntries(
    DEFINITIONS.map((def) => [
      def.path,
      {
        title: def.title,
        grantedBy: def.grantedBy,
        component: () => createElement(TableScreen as ComponentType<{ def: ScreenDefinition<never> }>, { def }),
      },
    ]),
  ),
  ...SEND_SCREENS,
  ...ACCOUNT_SCREENS,
  ...TOOLS_SCREENS,
  ...LIBRARY_SCREENS,
  ...CARRIER_SCREENS,
};
