import type { AppContext } from '../context';

/** Seeds `count` MT records over the last 90 days plus MO replies, set-based; skipped when already seeded. */
export async function seedRecords(_ctx: AppContext, _count: number): Promise<void> {
  // Filled in by the messaging work (issue 3).
}
