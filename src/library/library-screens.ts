import type { ScreenEntry } from '../table/screen-entry';
import { AddressBookScreen } from './address-book.screen';
import { ContentTemplatesScreen } from './content-templates.screen';
import { CspTemplatesScreen } from './csp-templates.screen';
import { VideoTemplatesScreen } from './video-templates.screen';

// The address book and template screens by menu path (platform/auth/menu-tree.ts): each a TableScreen definition over the local
// replica, with its editor beside it.
export const LIBRARY_SCREENS: Record<string, ScreenEntry> = {
  '/addressBookList': { title: 'screen.addressBookList', component: AddressBookScreen },
  '/contentTemplateList': { title: 'screen.contentTemplateList', component: ContentTemplatesScreen },
  '/videoTemplateList': { title: 'screen.videoTemplateList', component: VideoTemplatesScreen },
  '/cspTemplateList': { title: 'screen.cspTemplateList', component: CspTemplatesScreen },
};
