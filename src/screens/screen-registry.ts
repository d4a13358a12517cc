import { createElement, type ComponentType } from 'react';
import { ACCOUNT_SCREENS } from '../accounts/account-screens';
import { SEND_SCREENS } from '../send/send-screens';
import { internationalStatistics } from '../tools/statistics-more.screen';
import { shortLinks } from '../tools/short-links.screen';
import { TOOLS_SCREENS } from '../tools/tools-screens';
import { activity } from './activity.screen';
import { batches, internationalBatches } from './batches.screen';
import { moRecords } from './mo-records.screen';
import { cspRecords, domesticRecords, internationalRecords, videoRecords } from './mt-record-screens';
import type { ScreenDefinition } from './screen-definition';
import type { PermCode } from '../../contract/endpoints/user.endpoints';
import { statistics } from './statistics.screen';
import { TableScreen } from './table-screen';
import { timeBatches } from './time-batches.screen';
import { timeMtMessages } from './time-mt-messages.screen';
import { addressBookMembers } from './address-book.screen';
import { contentTemplates } from './content-templates.screen';
import { cspTemplates } from './csp-templates.screen';
import { LIBRARY_SCREENS } from './library-screens';
import { videoTemplates } from './video-templates.screen';

// Screens reachable from the runtime menu, by menu path (spec §2 "Other routes"). The shell renders the entry for a
// menu path, or a "coming soon" placeholder when a path has none yet.
export interface ScreenEntry {
  /** i18n key of the tab title. */
  title: string;
  component: ComponentType;
  /** see ScreenDefinition.grantedBy */
  grantedBy?: PermCode[];
}

/** Every table screen definition, in menu order (the registry test loops over these). */
export const DEFINITIONS: ScreenDefinition<never>[] = [
  domesticRecords, internationalRecords, videoRecords, cspRecords, moRecords, batches, timeMtMessages, timeBatches, statistics, activity,
  shortLinks, internationalBatches, internationalStatistics,
  addressBookMembers, contentTemplates, videoTemplates, cspTemplates,
] as unknown as ScreenDefinition<never>[];

export const SCREENS: Record<string, ScreenEntry> = {
  ...Object.fromEntries(
    DEFINITIONS.map((def) => [def.path, { title: def.title, grantedBy: def.grantedBy, component: () => createElement(TableScreen as ComponentType<{ def: ScreenDefinition<never> }>, { def }) }]),
  ),
  ...SEND_SCREENS,
  ...ACCOUNT_SCREENS,
  ...TOOLS_SCREENS,
  ...LIBRARY_SCREENS,
};
