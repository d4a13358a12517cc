import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../endpoint';

// Public settings: no token, empty body; they drive the login page.
export const siteSettingsSchema = z.object({
  client_website_beian: z.string(),
  login_page: z.string(),
  client_name: z.string(),
  show_language: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const getClientWebSiteBeianEndpoint = defineEndpoint({
  path: '/setting/getClientWebSiteBeian',
  auth: 'none',
  request: emptyRequest,
  response: siteSettingsSchema,
});

export const getSiteLogoEndpoint = defineEndpoint({
  path: '/setting/getSiteLogo',
  auth: 'none',
  doc: 'The site logo as base64 with its logoType (a MIME subtype such as png or svg+xml).',
  request: emptyRequest,
  response: z.object({ logo: z.string(), logoType: z.string() }),
});
