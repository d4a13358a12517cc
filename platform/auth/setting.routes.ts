import type { FastifyInstance } from 'fastify';
import { getClientWebSiteBeianEndpoint, getSiteLogoEndpoint } from '../../contract/endpoints/setting.endpoints';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { siteSettings } from './site-settings';

// What the login page shows, from the site settings; no token needed.
export function registerSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const settings = () => siteSettings(ctx.db);

  route(app, ctx, getClientWebSiteBeianEndpoint, async () => {
    const s = await settings();
    return {
      client_website_beian: s.get('client_website_beian') ?? '',
      login_page: s.get('login_page') ?? 'default',
      client_name: s.get('client_name') ?? '',
      show_language: s.get('show_language') !== 'false',
    };
  });

  route(app, ctx, getSiteLogoEndpoint, async () => {
    const s = await settings();
    return { logo: s.get('logo') ?? '', logoType: s.get('logo_type') ?? 'png' };
  });
}
