import type { AppContext } from '../core/context';
import { PROVIDER_CUS_ID } from '../auth/operator-role';
import { notify } from '../notices/notices';
import type { BreakerChange } from './carrier-quality';
import { writeAudit } from './carrier-store';

// A carrier the circuit breaker took out of its quality pools, or brought back: the operator reads it in the carriers'
// audit, as the platform's own change, with the figures that decided it, and hears of it in the bell.
export async function breakerChanged(ctx: AppContext, c: BreakerChange): Promise<void> {
  ctx.log.warn(
    { carrier: c.carrier, change: c.change, ratio: c.ratio, p95Ms: c.p95Ms },
    `carrier ${c.change === 'opened' ? 'taken out of' : 'back in'} quality pools`,
  );
  await ctx.db.tx(async (q) => {
    await notify(q, {
      cusId: PROVIDER_CUS_ID,
      kind: c.change === 'opened' ? 'carrierOut' : 'carrierBack',
      params: { carrier: c.carrier, percent: Math.round(c.ratio * 100) },
      link: '/carrierStatus',
    });
    await writeAudit(q, ctx.now(), {
      actor: 'platform',
      action: c.change === 'opened' ? 'carrier.breaker.open' : 'carrier.breaker.close',
      target: c.carrier,
      before: null,
      after: { successRatio: Math.round(c.ratio * 1000) / 1000, receiptP95Ms: Math.round(c.p95Ms) },
    });
  });
}
