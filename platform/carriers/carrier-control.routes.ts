import type { FastifyInstance } from 'fastify';
import {
  MAX_CARRIERS,
  MAX_ROUTES,
  carrierActionEndpoint,
  carrierAuditEndpoint,
  carrierListEndpoint,
  carrierRouteDeleteEndpoint,
  carrierRoutesEndpoint,
  carrierRouteSaveEndpoint,
  carrierRouteTestEndpoint,
  carrierSaveEndpoint,
  type CarrierView,
  type RouteView,
} from '../../contract/endpoints/carrier-control.endpoints';
import { routeFaults } from '../../contract/carrier.schema';
import type { CarrierStatus } from '../../contract/endpoints/carrier.endpoints';
import { isPlatformOperator } from '../auth/operator-role';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import { badRequest, conflict, forbidden, notFound } from '../http/api-error';
import { route } from '../http/route';
import type { CarrierPlane } from './carrier-plane';
import { SIMULATOR_CARRIER } from './carrier-plane';
import { freshCarriers } from './carrier-status.routes';
import {
  loadCarrierSet,
  orderReconnect,
  putCarrier,
  putRoute,
  removeRoute,
  withoutPassword,
  writeAudit,
  type StoredCarrier,
  type StoredRoute,
} from './carrier-store';
import { explainRoute, sameConditions } from './route-test';

// The platform operator's endpoints over carriers and routes. Each change is checked whole before anything is
// written, written with its audit line and a new version in one transaction, and applied by every instance's poll
// (this one's at once).

function operatorOnly(user: CurrentUser): void {
  if (!isPlatformOperator(user)) throw forbidden('carrier.operatorOnly');
}

function viewOf(c: StoredCarrier, status: CarrierStatus | null, local: boolean): CarrierView {
  const { password, ...config } = c.config;
  const bound = (status?.bound ?? 0) > 0;
  const out = (status?.breaker ?? 'closed') !== 'closed';
  const state = c.enabled
    ? bound
      ? out
        ? 'probing'
        : 'active'
      : 'broken'
    : (status?.inFlight ?? 0) > 0
      ? 'draining'
      : 'disabled';
  return {
    ...config,
    hasPassword: password !== '',
    enabled: c.enabled,
    weight: c.weight,
    local,
    state,
    status,
    updatedAt: c.updatedAt.toISOString(),
    updatedBy: c.updatedBy,
  };
}

const routeView = (r: StoredRoute): RouteView => ({
  ...r.rule,
  id: r.id,
  position: r.position,
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedBy,
});

export function registerCarrierControlRoutes(app: FastifyInstance, ctx: AppContext, plane: CarrierPlane | null): void {
  const local = (name: string) => ctx.config.carriers.source === 'simulator-smsc' && name === SIMULATOR_CARRIER;
  const carrierView = async (name: string): Promise<CarrierView> => {
    const c = (await loadCarrierSet(ctx.db)).carriers.find((x) => x.config.name === name);
    if (!c) throw notFound('carrier.notFound', { name });
    const status = (await freshCarriers(ctx)).find((s) => s.name === name) ?? null;
    return viewOf(c, status, local(name));
  };
  // the answer reflects the change on this instance at once; the others' polls follow within CONFIG_POLL_MS
  const applied = () => plane?.refresh().catch((err) => ctx.log.warn({ err }, 'carrier changes not applied'));

  route(app, ctx, carrierListEndpoint, async ({ user }) => {
    operatorOnly(user);
    const [set, statuses] = await Promise.all([loadCarrierSet(ctx.db), freshCarriers(ctx)]);
    const byName = new Map(statuses.map((s) => [s.name, s]));
    return {
      inProcess: ctx.config.carriers.source === 'in-process',
      carriers: set.carriers.map((c) => viewOf(c, byName.get(c.config.name) ?? null, local(c.config.name))),
    };
  });

  route(app, ctx, carrierSaveEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    const { enabled, weight, password, ...config } = body;
    await ctx.db.tx(async (q) => {
      const set = await loadCarrierSet(q);
      const before = set.carriers.find((c) => c.config.name === config.name) ?? null;
      if (!before && set.carriers.length >= MAX_CARRIERS) throw badRequest('carrier.tooMany', { max: MAX_CARRIERS });
      const next = { config: { ...config, password: password ?? before?.config.password ?? '' }, enabled, weight };
      await putCarrier(q, ctx.now(), user.username, next);
      await writeAudit(q, ctx.now(), {
        actor: user.username,
        action: before ? 'carrier.change' : 'carrier.add',
        target: config.name,
        before: before ? withoutPassword(before) : null,
        after: {
          ...withoutPassword({ ...next, reconnects: 0, updatedAt: ctx.now(), updatedBy: user.username }),
          passwordChanged: password !== undefined,
        },
      });
    });
    await applied();
    message('carrier.saved', { name: config.name });
    return carrierView(config.name);
  });

  route(app, ctx, carrierActionEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    await ctx.db.tx(async (q) => {
      const before = (await loadCarrierSet(q)).carriers.find((c) => c.config.name === body.name);
      if (!before) throw notFound('carrier.notFound', { name: body.name });
      const now = ctx.now();
      if (body.action === 'reconnect') await orderReconnect(q, now, user.username, body.name);
      else {
        const enabled = body.action === 'enable' ? true : body.action === 'disable' ? false : before.enabled;
        const weight = body.action === 'weight' ? body.weight : before.weight;
        await putCarrier(q, now, user.username, { config: before.config, enabled, weight });
      }
      const after =
        body.action === 'weight'
          ? { weight: body.weight }
          : body.action === 'reconnect'
            ? null
            : { enabled: body.action === 'enable' };
      await writeAudit(q, now, {
        actor: user.username,
        action: `carrier.${body.action}`,
        target: body.name,
        before: { enabled: before.enabled, weight: before.weight },
        after,
      });
    });
    await applied();
    const keys = {
      enable: 'carrier.enabled',
      disable: 'carrier.disabled',
      reconnect: 'carrier.reconnecting',
      weight: 'carrier.weightSet',
    } as const;
    message(keys[body.action], { name: body.name, weight: body.action === 'weight' ? body.weight : '' });
    return carrierView(body.name);
  });

  route(app, ctx, carrierRoutesEndpoint, async ({ user }) => {
    operatorOnly(user);
    return { routes: (await loadCarrierSet(ctx.db)).routes.map(routeView) };
  });

  route(app, ctx, carrierRouteSaveEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    const { id, position, ...rule } = body;
    const saved = await ctx.db.tx(async (q) => {
      const set = await loadCarrierSet(q);
      const before = id ? set.routes.find((r) => r.id === id) : null;
      if (id && !before) throw notFound('carrier.route.notFound', { id });
      if (!id && set.routes.length >= MAX_ROUTES) throw badRequest('carrier.route.tooMany', { max: MAX_ROUTES });
      const [fault] = routeFaults(rule, new Set(set.carriers.map((c) => c.config.name)));
      if (fault?.kind === 'unknownCarrier')
        throw badRequest('carrier.route.unknownCarrier', { name: fault.name }, 'carriers');
      if (fault?.kind === 'weights') throw badRequest('carrier.route.weights', {}, 'weights');
      const twin = set.routes.find((r) => r.id !== id && sameConditions(r.rule, rule));
      if (twin) throw conflict('carrier.route.duplicate', { id: twin.id });
      const at = position ?? before?.position ?? (set.routes.at(-1)?.position ?? 0) + 10;
      const savedId = await putRoute(q, ctx.now(), user.username, id ?? null, at, rule);
      await writeAudit(q, ctx.now(), {
        actor: user.username,
        action: before ? 'route.change' : 'route.add',
        target: `route #${savedId}`,
        before: before ? { ...before.rule, position: before.position } : null,
        after: { ...rule, position: at },
      });
      return savedId;
    });
    await applied();
    message('carrier.route.saved', { id: saved });
    return routeView((await loadCarrierSet(ctx.db)).routes.find((r) => r.id === saved)!);
  });

  route(app, ctx, carrierRouteDeleteEndpoint, async ({ user, body, message }) => {
    operatorOnly(user);
    await ctx.db.tx(async (q) => {
      const before = (await loadCarrierSet(q)).routes.find((r) => r.id === body.id);
      if (!before) throw notFound('carrier.route.notFound', { id: body.id });
      await removeRoute(q, body.id);
      await writeAudit(q, ctx.now(), {
        actor: user.username,
        action: 'route.delete',
        target: `route #${body.id}`,
        before: { ...before.rule, position: before.position },
        after: null,
      });
    });
    await applied();
    message('carrier.route.deleted', { id: body.id });
    return { id: body.id };
  });

  route(app, ctx, carrierRouteTestEndpoint, async ({ user, body, lang }) => {
    operatorOnly(user);
    if (plane) await plane.refresh();
    // the account's extension, as the dispatcher reads it from the record; the platform operator may name any account
    const [account] = body.cusId
      ? await ctx.db.query<{ ext_number: string | null }>('select ext_number from accounts where cus_id = $1', [
          body.cusId,
        ])
      : [];
    return explainRoute(plane, body, lang, account?.ext_number ?? null);
  });

  route(app, ctx, carrierAuditEndpoint, async ({ user, body }) => {
    operatorOnly(user);
    const where = body.target ? 'where target = $1' : 'where $1::text is null';
    const [{ n }] = await ctx.db.query<{ n: string }>(`select count(*) as n from carrier_audit ${where}`, [
      body.target ?? null,
    ]);
    const rows = await ctx.db.query<Record<string, unknown>>(
      `select id, at, actor, action, target, before, after from carrier_audit ${where} order by at desc, id desc limit $2 offset $3`,
      [body.target ?? null, body.pageSize, (body.pageNumber - 1) * body.pageSize],
    );
    const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    return {
      total: Number(n),
      data: rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.at as string).toISOString(),
        actor: String(r.actor),
        action: String(r.action),
        target: String(r.target),
        before: json(r.before),
        after: json(r.after),
      })),
    };
  });
}
