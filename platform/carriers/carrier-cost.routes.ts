import type { FastifyInstance } from 'fastify';
import {
  MAX_COSTS,
  carrierCostDeleteEndpoint,
  carrierCostListEndpoint,
  carrierCostSaveEndpoint,
  carrierMarginsEndpoint,
  carrierMarginsExportEndpoint,
  type CostRow,
  type MarginRow,
} from '../../contract/endpoints/carrier-cost.endpoints';
import { isPlatformOperator } from '../auth/operator-role';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import { badRequest, conflict, forbidden, notFound } from '../http/api-error';
import { route } from '../http/route';
import { sendXlsx } from '../lists/xlsx-export';
import { costById, countCosts, listCosts, putCost, removeCost, twinCost } from './carrier-cost';
import type { CarrierPlane } from './carrier-plane';
import { bump, loadCarrierSet, writeAudit } from './carrier-store';
import { MARGIN_COLUMNS, MAX_EXPORT_GROUPS, marginRows, marginTotals } from './margins';

// The platform operator's carrier costs and margins. A cost change is checked, written and audited in one
// transaction, like every other carrier change; it needs no new carrier version, since dispatch reads the costs from
// the database in the statement that writes each round's costs.

function operatorOnly(user: CurrentUser): void {
  if (!isPlatformOperator(user)) throw forbidden('carrier.operatorOnly');
}

const scopeOf = (c: Pick<CostRow, 'country' | 'prefix'>) => c.country ?? c.prefix ?? '';
// the audit's target is at most 64 characters; the row's whole scope is in its before and after
const targetOf = (id: number, c: Pick<CostRow, 'carrier' | 'country' | 'prefix'>) =>
  `cost #${id} ${c.carrier} ${scopeOf(c)}`.slice(0, 64);
const auditOf = ({ id: _id, updatedAt: _at, updatedBy: _by, ...rest }: CostRow) => rest;

export function registerCarrierCostRoutes(app: FastifyInstance, ctx: AppContext, plane: CarrierPlane | null): void {
  // a cheapest pool's router holds the costs: a change moves the carriers' version, which every instance follows
  const applied = () => plane?.refresh().catch((err) => ctx.log.warn({ err }, 'carrier costs not applied'));
  route(app, ctx, carrierCostListEndpoint, async ({ user, body }) => {
    operatorOnly(user);
    return listCosts(ctx.db, body.carrier ?? null, body.pageSize, (body.pageNumber - 1) * body.pageSize);
  });

  route(app, ctx, carrierCostSaveEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    const input = {
      carrier: body.carrier,
      country: body.country ?? null,
      prefix: body.prefix ?? null,
      cost: body.cost,
      effectiveFrom: new Date(body.effectiveFrom),
    };
    const saved = await ctx.db.tx(async (q) => {
      const before = body.id ? await costById(q, body.id) : null;
      if (body.id && !before) throw notFound('carrier.cost.notFound', { id: body.id });
      if (!body.id && (await countCosts(q)) >= MAX_COSTS) throw badRequest('carrier.cost.tooMany', { max: MAX_COSTS });
      // a cost of a carrier removed since stays in the history, but a new one must name a carrier there is
      if (!(await loadCarrierSet(q)).carriers.some((c) => c.config.name === input.carrier))
        throw notFound('carrier.notFound', { name: input.carrier });
      const twin = await twinCost(q, input, body.id ?? null);
      if (twin !== null)
        throw conflict('carrier.cost.duplicate', { carrier: input.carrier, scope: scopeOf(input), id: twin });
      const id = (await putCost(q, ctx.now(), user.username, body.id ?? null, input))!;
      const after = (await costById(q, id))!;
      await bump(q);
      await writeAudit(q, ctx.now(), {
        actor: user.username,
        action: before ? 'cost.change' : 'cost.add',
        target: targetOf(id, input),
        before: before ? auditOf(before) : null,
        after: auditOf(after),
      });
      return after;
    });
    await applied();
    message('carrier.cost.saved', { id: saved.id });
    return saved;
  });

  route(app, ctx, carrierCostDeleteEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    await ctx.db.tx(async (q) => {
      const before = await costById(q, body.id);
      if (!before) throw notFound('carrier.cost.notFound', { id: body.id });
      await removeCost(q, body.id);
      await bump(q);
      await writeAudit(q, ctx.now(), {
        actor: user.username,
        action: 'cost.delete',
        target: targetOf(body.id, before),
        before: auditOf(before),
        after: null,
      });
    });
    await applied();
    message('carrier.cost.deleted', { id: body.id });
    return { id: body.id };
  });

  route(app, ctx, carrierMarginsEndpoint, async ({ user, body }) => {
    operatorOnly(user);
    const { pageNumber, pageSize, ...filter } = body;
    const [page, totals] = await Promise.all([
      marginRows(ctx.db, filter, { pageNumber, pageSize }),
      marginTotals(ctx.db, filter),
    ]);
    return { ...page, totals };
  });

  route(app, ctx, carrierMarginsExportEndpoint, async ({ user, body, lang, reply }) => {
    operatorOnly(user);
    const [{ data }, totals] = await Promise.all([
      marginRows(ctx.db, body, { pageSize: MAX_EXPORT_GROUPS, pageNumber: 1 }),
      marginTotals(ctx.db, body),
    ]);
    const total: MarginRow = {
      ...totals,
      day: lang === 'zh' ? '合计' : 'Total',
      carrier: null,
      country: null,
      enterprise: null,
      enterpriseName: null,
    };
    await sendXlsx(
      reply,
      lang,
      `margins-${body.from}-${body.to}`,
      MARGIN_COLUMNS,
      (async function* () {
        yield* data;
        yield total;
      })(),
    );
  });
}
