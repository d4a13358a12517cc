import type { AreaPlugin } from '../core/context';
import { registerShortLinkPublic } from './short-link.public';
import { registerShortLinkRoutes } from './short-link.routes';

/** The short-link tool's API (under the service prefix). */
export const shortLinksPlugin: AreaPlugin = async (api, { ctx }) => {
  registerShortLinkRoutes(api, ctx);
};

/** The public face of every short link, /s/:code at the origin's root, outside the API scope: a visit answers a
 * redirect or a plain page, never an API envelope. */
export const shortLinkPagePlugin: AreaPlugin = async (app, { ctx }) => {
  registerShortLinkPublic(app, ctx);
};
