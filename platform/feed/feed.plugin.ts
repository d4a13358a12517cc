import type { AreaPlugin } from '../core/context';
import { registerFeedRoutes } from './feed.routes';

/** The change feed's stream of "changed" notices; each area registers the pull routes of its own resources. */
export const feedPlugin: AreaPlugin = async (api, { ctx }) => {
  registerFeedRoutes(api, ctx);
};
