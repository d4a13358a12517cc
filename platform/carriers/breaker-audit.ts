import type { AppContext } from '../context';
import type { BreakerChange } from './carrier-quality';
import { writeAudit } from './carrier-store';

// A carrier the circuit breaker took out of its quality pools, or brought back: the operator reads it in the carriers'
// audit, as the platform's own change, with the figures that decided it.
export async function breakerChanged(ctx: AppContext, c: BreakerChange): Promise<void> {
  ctx.log.warn(
    { carrier: c.carrier, change: c.change, ratio: c.ratio, p95Ms: c.p95Ms },
    `carrier ${c.change === 'opened' ? 'taken out of' : 'back in'} quality pools`,
  );
  await writeAudit(ctx.db, ctx.now(), {
    actor: 'platform',
    action: c.change === 'opened' ? 'carrier.breaker.open' : 'carrier.breaker.close',
    target: c.carrier,
    before: null,
    after: { successRatio: Math.round(c.ratio * 1000) / 1000, receiptP95Ms: Math.round(c.p95Ms) },
  });
}
