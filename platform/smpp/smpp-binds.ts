import type { Queryable } from '../db/db';
import type { BindType } from './server-types';

/** A bind row of an instance whose heartbeat is older than this no longer counts: that instance is gone. */
export const BIND_STALE_MS = 30_000;
/** How often an instance refreshes the heartbeat of its binds. */
export const BIND_HEARTBEAT_MS = 10_000;

export interface BindRow {
  sessionId: string;
  instanceId: string;
  cusId: string;
  bindType: BindType;
  address: string;
}

/** Binds of an account held by live instances (any instance's, this one's included). */
export async function liveBindCount(q: Queryable, cusId: string, now: Date): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from smpp_binds where cus_id = $1 and heartbeat > $2',
    [cusId, new Date(now.getTime() - BIND_STALE_MS)],
  );
  return Number(row.n);
}

export async function addBind(q: Queryable, b: BindRow, now: Date): Promise<void> {
  await q.query(
    `insert into smpp_binds (session_id, instance_id, cus_id, bind_type, address, since, heartbeat) values ($1, $2, $3, $4, $5, $6, $6)
     on conflict (session_id) do update set heartbeat = excluded.heartbeat`,
    [b.sessionId, b.instanceId, b.cusId, b.bindType, b.address, now],
  );
}

export async function removeBind(q: Queryable, sessionId: string): Promise<void> {
  await q.query('delete from smpp_binds where session_id = $1', [sessionId]);
}

/** A bind's traffic as its instance last counted it. */
export interface BindTraffic {
  sessionId: string;
  submitted: number;
  throttled: number;
  rate: number;
}

/** Refreshes this instance's rows with their traffic and clears rows of instances long gone. */
export async function heartbeatBinds(
  q: Queryable,
  instanceId: string,
  now: Date,
  traffic: BindTraffic[] = [],
): Promise<void> {
  await q.query('update smpp_binds set heartbeat = $2 where instance_id = $1', [instanceId, now]);
  if (traffic.length > 0)
    await q.query(
      `update smpp_binds b set submitted = t.submitted, throttled = t.throttled, rate = t.rate
         from unnest($2::text[], $3::bigint[], $4::bigint[], $5::real[]) as t(sid, submitted, throttled, rate)
        where b.session_id = t.sid and b.instance_id = $1`,
      [
        instanceId,
        traffic.map((t) => t.sessionId),
        traffic.map((t) => t.submitted),
        traffic.map((t) => t.throttled),
        traffic.map((t) => t.rate),
      ],
    );
  await q.query('delete from smpp_binds where heartbeat < $1', [new Date(now.getTime() - 10 * BIND_STALE_MS)]);
}

export async function removeInstanceBinds(q: Queryable, instanceId: string): Promise<void> {
  await q.query('delete from smpp_binds where instance_id = $1', [instanceId]);
}

/** Accounts with a receiver or transceiver bind on a live instance. */
export async function accountsWithReceivers(q: Queryable, now: Date): Promise<string[]> {
  const rows = await q.query<{ cus_id: string }>(
    "select distinct cus_id from smpp_binds where bind_type in ('receiver', 'transceiver') and heartbeat > $1",
    [new Date(now.getTime() - BIND_STALE_MS)],
  );
  return rows.map((r) => r.cus_id);
}

export interface LiveBind {
  session_id: string;
  cus_id: string;
  address: string;
  bind_type: BindType;
  since: Date;
  submitted: string;
  throttled: string;
  rate: number;
}

/** The live binds of these accounts, on every instance. */
export async function liveBinds(q: Queryable, cusIds: string[], now: Date): Promise<LiveBind[]> {
  return q.query<LiveBind>(
    `select session_id, cus_id, address, bind_type, since, submitted, throttled, rate from smpp_binds
      where cus_id = any($1) and heartbeat > $2 and not end_requested order by cus_id, since`,
    [cusIds, new Date(now.getTime() - BIND_STALE_MS)],
  );
}

/** Asks the instance holding a bind of one of these accounts to end it: false when there is no such live bind (or
 * its end was asked for already). */
export async function requestEndBind(q: Queryable, sessionId: string, cusIds: string[]): Promise<boolean> {
  const rows = await q.query(
    'update smpp_binds set end_requested = true where session_id = $1 and cus_id = any($2) and not end_requested returning session_id',
    [sessionId, cusIds],
  );
  return rows.length > 0;
}

/** Asks for every live bind of an account to end (its interface password changed: they bound with the old one). */
export async function requestEndAccountBinds(q: Queryable, cusId: string): Promise<void> {
  await q.query('update smpp_binds set end_requested = true where cus_id = $1 and not end_requested', [cusId]);
}

/** Asks for an account's newest live binds beyond `keep` to end (its max connections was lowered): the oldest stay. */
export async function requestEndBindsBeyond(q: Queryable, cusId: string, keep: number, now: Date): Promise<void> {
  await q.query(
    `update smpp_binds set end_requested = true where session_id in (
       select session_id from smpp_binds where cus_id = $1 and heartbeat > $3 and not end_requested order by since, session_id offset $2)`,
    [cusId, keep, new Date(now.getTime() - BIND_STALE_MS)],
  );
}

/** This instance's binds the console asked to end. */
export async function bindsToEnd(q: Queryable, instanceId: string): Promise<string[]> {
  const rows = await q.query<{ session_id: string }>(
    'select session_id from smpp_binds where instance_id = $1 and end_requested',
    [instanceId],
  );
  return rows.map((r) => r.session_id);
}

/** The share of each account's live binds held by this instance (1 when it holds them all). */
export async function bindShares(
  q: Queryable,
  instanceId: string,
  cusIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await q.query<{ cus_id: string; here: number; total: number }>(
    `select cus_id, count(*) filter (where instance_id = $2)::int as here, count(*)::int as total from smpp_binds
      where cus_id = any($1) and heartbeat > $3 and not end_requested group by cus_id`,
    [cusIds, instanceId, new Date(now.getTime() - BIND_STALE_MS)],
  );
  return new Map(
    rows
      .filter((r) => Number(r.total) > 0 && Number(r.here) > 0)
      .map((r) => [r.cus_id, Number(r.here) / Number(r.total)]),
  );
}
