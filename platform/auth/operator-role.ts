import type { CurrentUser } from '../core/current-user';

// The platform operator: the provider's staff, above every enterprise. Only this role sees and changes what the
// provider buys (carriers, routes, their costs and audit); no enterprise's admin, agent or user reaches it.
export const OPERATOR_ROLE = 'operator';

export const isPlatformOperator = (user: CurrentUser): boolean => user.roles.includes(OPERATOR_ROLE);
