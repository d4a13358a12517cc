import type { LibraryFeed } from '../../contract/endpoints/library-feed.endpoints';
import { LIBRARY_FEEDS } from '../../contract/endpoints/library-feed.endpoints';
import type { AreaPlugin } from '../core/context';
import { registerPullRoute } from '../feed/pull-route';
import { registerAddressBookRoutes } from './address-book.routes';
import { registerFileRoutes } from './file.routes';
import { startGroupPurge } from './group-purge';
import { startReviewSimulator } from './review';
import { LIBRARY_SOURCES } from './sources';
import { registerTemplateRoutes } from './template.routes';

const PULLS: LibraryFeed[] = ['contentTemplate', 'videoTemplate', 'cspTemplate', 'addressGroup', 'addressMember'];

/** Templates (with the carrier's simulated review), the address book (with the purge of deleted groups' members),
 * uploaded files, and the library's change-feed pulls. */
export const libraryPlugin: AreaPlugin = async (api, { ctx }) => {
  for (const resource of PULLS) registerPullRoute(api, ctx, LIBRARY_FEEDS[resource].path, LIBRARY_SOURCES[resource]);
  startReviewSimulator(ctx);
  registerTemplateRoutes(api, ctx);
  startGroupPurge(ctx);
  registerAddressBookRoutes(api, ctx);
  registerFileRoutes(api, ctx);
};
