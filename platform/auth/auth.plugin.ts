import type { AreaPlugin } from '../core/context';
import { registerAuthRoutes } from './auth.routes';
import { registerSettingRoutes } from './setting.routes';

/** Login, registration, the session and its menus, and the login page's settings. */
export const authPlugin: AreaPlugin = async (api, { ctx }) => {
  registerAuthRoutes(api, ctx);
  registerSettingRoutes(api, ctx);
};
