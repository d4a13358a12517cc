import type { CurrentUser } from '../core/current-user';

// The platform operator: the provider's staff, above every enterprise. Only this role sees and changes what the
// provider buys (carriers, routes, their costs and audit); no enterprise's admin, agent or user reaches it.
export const OPERATOR_ROLE = 'operator';

/** The provider's own account, above every enterprise: the platform operator's login belongs to it. It sends nothing
 * and holds no products; its role alone opens the carriers, routes and their audit. */
export const PROVIDER_CUS_ID = 'OPS001';

export const isPlatformOperator = (user: CurrentUser): boolean => user.roles.includes(OPERATOR_ROLE);
