import { carrierSchema, routeSchema, type CarrierConfig, type RouteConfig } from '../../contract/carrier.schema';
import type { Queryable } from '../db/db';
import { decryptWith, encryptSecret, secretKey } from '../accounts/secrets';
import type { CarriersFile } from './carrier-config';

// Carriers and routes as stored: the one place that reads and writes the carriers, carrier_routes, their version and
// their audit. A carrier's password is encrypted at rest (as app secrets are) and leaves this module only towards the
// link that binds with it. Every change bumps the version in the same transaction, which every instance polls.

export interface StoredCarrier {
  config: CarrierConfig;
  enabled: boolean;
  weight: number;
  reconnects: number;
  updatedAt: Date;
  updatedBy: string;
}

export interface StoredRoute {
  id: number;
  position: number;
  rule: RouteConfig;
  updatedAt: Date;
  updatedBy: string;
}

export interface CarrierSet {
  version: number;
  carriers: StoredCarrier[];
  routes: StoredRoute[];
}

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export async function carrierVersion(q: Queryable): Promise<number> {
  const [row] = await q.query<{ version: string | number }>('select version from carrier_config_version where id = 1');
  return Number(row?.version ?? 0);
}

/** Every carrier (passwords decrypted) and route, with the version they are of. */
export async function loadCarrierSet(q: Queryable): Promise<CarrierSet> {
  const version = await carrierVersion(q);
  const carrierRows = await q.query<Record<string, unknown>>(
    'select name, config, password_enc, enabled, weight, reconnects, updated_at, updated_by from carriers order by name',
  );
  // the key is read once for all of them, not once a carrier
  const key = carrierRows.length > 0 ? await secretKey(q) : null;
  const carriers = carrierRows.map((r) => ({
    config: carrierSchema.parse({ ...json(r.config), password: decryptWith(key!, String(r.password_enc)) }),
    enabled: Boolean(r.enabled),
    weight: Number(r.weight),
    reconnects: Number(r.reconnects),
    updatedAt: new Date(r.updated_at as string),
    updatedBy: String(r.updated_by),
  }));
  const routes = (
    await q.query<Record<string, unknown>>(
      'select id, position, rule, updated_at, updated_by from carrier_routes order by position, id',
    )
  ).map((r) => ({
    id: Number(r.id),
    position: Number(r.position),
    rule: routeSchema.parse(json(r.rule)),
    updatedAt: new Date(r.updated_at as string),
    updatedBy: String(r.updated_by),
  }));
  return { version, carriers, routes };
}

/** Tells every instance the carriers, routes or costs changed: they read them again. */
export async function bump(q: Queryable): Promise<void> {
  await q.query('update carrier_config_version set version = version + 1 where id = 1');
}

export interface AuditLine {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export async function writeAudit(q: Queryable, now: Date, line: AuditLine): Promise<void> {
  await q.query(
    'insert into carrier_audit (at, actor, action, target, before, after) values ($1, $2, $3, $4, $5, $6)',
    [
      now,
      line.actor,
      line.action,
      line.target,
      line.before === null ? null : JSON.stringify(line.before),
      line.after === null ? null : JSON.stringify(line.after),
    ],
  );
}

/** A carrier as the audit and the operator see it: the password only as whether there is one. */
export function withoutPassword(c: StoredCarrier): Record<string, unknown> {
  const { password, ...rest } = c.config;
  return { ...rest, hasPassword: password !== '', enabled: c.enabled, weight: c.weight };
}

/** Writes a carrier (a new one, or its new settings) and bumps the version. */
export async function putCarrier(
  q: Queryable,
  now: Date,
  actor: string,
  c: Omit<StoredCarrier, 'updatedAt' | 'updatedBy' | 'reconnects'>,
): Promise<void> {
  const { password, ...config } = c.config;
  await q.query(
    `insert into carriers (name, config, password_enc, enabled, weight, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (name) do update set config = excluded.config, password_enc = excluded.password_enc, enabled = excluded.enabled,
       weight = excluded.weight, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [config.name, JSON.stringify(config), await encryptSecret(q, password), c.enabled, c.weight, now, actor],
  );
  await bump(q);
}

/** Orders every instance to rebind the carrier. */
export async function orderReconnect(q: Queryable, now: Date, actor: string, name: string): Promise<void> {
  await q.query('update carriers set reconnects = reconnects + 1, updated_at = $2, updated_by = $3 where name = $1', [
    name,
    now,
    actor,
  ]);
  await bump(q);
}

/** Writes a route (new when `id` is null) and bumps the version; answers its id. */
export async function putRoute(
  q: Queryable,
  now: Date,
  actor: string,
  id: number | null,
  position: number,
  rule: RouteConfig,
): Promise<number> {
  const rows = id
    ? await q.query<{ id: string }>(
        'update carrier_routes set position = $2, rule = $3, updated_at = $4, updated_by = $5 where id = $1 returning id',
        [id, position, JSON.stringify(rule), now, actor],
      )
    : await q.query<{ id: string }>(
        'insert into carrier_routes (position, rule, updated_at, updated_by) values ($1, $2, $3, $4) returning id',
        [position, JSON.stringify(rule), now, actor],
      );
  await bump(q);
  return Number(rows[0].id);
}

export async function removeRoute(q: Queryable, id: number): Promise<void> {
  await q.query('delete from carrier_routes where id = $1', [id]);
  await bump(q);
}

/** Fills empty tables from a carriers file (or the simulator's), once, whichever instance comes first; answers whether
 * it did. Tables that already hold carriers win over any file: the operator's changes are never undone by a restart. */
export async function seedCarriers(q: Queryable, now: Date, file: CarriersFile, source: string): Promise<boolean> {
  await q.query('select pg_advisory_xact_lock(727129)');
  const [{ n }] = await q.query<{ n: string | number }>('select count(*) as n from carriers');
  if (Number(n) > 0) return false;
  for (const config of file.carriers) await putCarrier(q, now, source, { config, enabled: true, weight: 1 });
  for (const [i, rule] of file.routes.entries()) await putRoute(q, now, source, null, (i + 1) * 10, rule);
  return true;
}
