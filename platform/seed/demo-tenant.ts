import type { AppContext } from '../context';

/** Seeds the demo enterprise, its sub-accounts, chatbots, prices and the three demo logins; idempotent. */
export async function seedDemoTenant(_ctx: AppContext): Promise<void> {
  // Filled in by the foundation work (issue 2).
}
