import type { FastifyInstance } from 'fastify';
import {
  carrierStatusSchema,
  getCarrierStatusEndpoint,
  type CarrierStatus,
} from '../../contract/endpoints/carrier.endpoints';
import type { AppContext } from '../core/context';
import { forbidden } from '../http/api-error';
import { route } from '../http/route';
import { isPlatformOperator } from '../auth/operator-role';

// The carrier links as the platform operator sees them. Each platform instance writes its own view of every carrier
// every few seconds; a row older than FRESH_MS belongs to an instance that stopped, so it no longer counts. The table
// is the platform operator's, not a tenant's: it is read whole, by the platform operator only.

const FRESH_MS = 10_000;
/** rows read at most: instances × carriers is small, and a table swollen by stopped instances cannot hold the DB. */
const ROW_LIMIT = 2048;
const MAX_CARRIERS = 64;
const MAX_ERRORS = 64;
const MAX_RATE = 1_000_000;

/** what one instance writes for one carrier: the answer's shape without the instance count. */
const instanceStatsSchema = carrierStatusSchema.omit({ instances: true });
type InstanceStats = Omit<CarrierStatus, 'instances'>;

/** One carrier over the instances that reported it: counts and rates summed, errors summed by code (most frequent
 * first), receipt latency, success ratio and breaker the worst instance's, since a mean would hide the failing one. */
function combineCarrier(name: string, rows: InstanceStats[]): CarrierStatus {
  const sum = (pick: (r: InstanceStats) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const errors = new Map<string, number>();
  for (const r of rows) for (const e of r.errors) errors.set(e.code, (errors.get(e.code) ?? 0) + e.count);
  /** the worst instance's figure (`by`: Math.max for a latency, Math.min for a success ratio); null when none has one */
  const worst = (pick: (r: InstanceStats) => number | null, by: (...v: number[]) => number) => {
    const known = rows.map(pick).filter((v): v is number => v !== null);
    return known.length ? by(...known) : null;
  };
  return {
    name,
    bound: sum((r) => r.bound),
    wanted: sum((r) => r.wanted),
    inFlight: sum((r) => r.inFlight),
    window: sum((r) => r.window),
    rate: Math.min(MAX_RATE, Math.round(sum((r) => r.rate) * 10) / 10),
    submitted: sum((r) => r.submitted),
    accepted: sum((r) => r.accepted),
    throttled: sum((r) => r.throttled),
    errors: [...errors]
      .map(([code, count]) => ({ code, count }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
      .slice(0, MAX_ERRORS),
    receiptP50Ms: worst((r) => r.receiptP50Ms, Math.max),
    receiptP95Ms: worst((r) => r.receiptP95Ms, Math.max),
    successRatio: worst((r) => r.successRatio, Math.min),
    breaker: rows.some((r) => r.breaker === 'open')
      ? 'open'
      : rows.some((r) => r.breaker === 'probing')
        ? 'probing'
        : 'closed',
    instances: rows.length,
  };
}

export async function freshCarriers(ctx: AppContext): Promise<CarrierStatus[]> {
  const since = new Date(ctx.now().getTime() - FRESH_MS);
  const rows = await ctx.db.query<{ instance_id: string; carrier: string; stats: unknown }>(
    'select instance_id, carrier, stats from carrier_status where updated_at > $1 order by carrier, instance_id limit $2',
    [since, ROW_LIMIT],
  );
  const byCarrier = new Map<string, InstanceStats[]>();
  for (const row of rows) {
    const stats = instanceStatsSchema.safeParse(typeof row.stats === 'string' ? JSON.parse(row.stats) : row.stats);
    // a row this version cannot read (another version's instance mid-upgrade) is left out rather than failing the list
    if (!stats.success) {
      ctx.log.warn({ instanceId: row.instance_id, carrier: row.carrier }, 'carrier status row not readable');
      continue;
    }
    byCarrier.set(row.carrier, [...(byCarrier.get(row.carrier) ?? []), stats.data]);
  }
  return [...byCarrier]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_CARRIERS)
    .map(([name, list]) => combineCarrier(name, list));
}

export function registerCarrierStatusRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getCarrierStatusEndpoint, async ({ user }) => {
    if (!isPlatformOperator(user)) throw forbidden('carrier.operatorOnly');
    return { inProcess: ctx.config.carriers.source === 'in-process', carriers: await freshCarriers(ctx) };
  });
}
