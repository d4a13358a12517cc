import type { AreaPlugin } from '../core/context';
import { registerNoticeRoutes } from './notices.routes';

/** The notices' routes. Notices are written by the areas where their events happen (notices.ts). */
export const noticesPlugin: AreaPlugin = async (api, { ctx }) => {
  registerNoticeRoutes(api, ctx);
};
