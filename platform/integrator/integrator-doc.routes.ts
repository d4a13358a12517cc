import { integratorApiDocEndpoint } from '../../contract/endpoints/account.endpoints';
import type { AreaPlugin } from '../core/context';
import { route } from '../http/route';
import { integratorOpenApiDocument } from './integrator-openapi';

/** The integrator API's document in the envelope, for the console's API page under the service's base path (raw
 * under the integrator API's own base, integrator.plugin.ts). */
export const integratorDocPlugin: AreaPlugin = async (api, { ctx }) => {
  route(api, ctx, integratorApiDocEndpoint, async () => integratorOpenApiDocument());
};
