import type { AreaOptions, AreaPlugin } from '../core/context';
import { registerAuthRoutes } from './auth.routes';
import type { SendSystemSms } from './sms-code';
import { registerSettingRoutes } from './setting.routes';

export interface AuthOptions extends AreaOptions {
  /** how login and registration codes go out (messaging's system SMS). */
  sendSystemSms: SendSystemSms;
}

/** Login, registration, the session and its menus, and the login page's settings. */
export const authPlugin: AreaPlugin<AuthOptions> = async (api, { ctx, sendSystemSms }) => {
  registerAuthRoutes(api, ctx, sendSystemSms);
  registerSettingRoutes(api, ctx);
};
