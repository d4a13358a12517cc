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
  const [row] = await q.query<{ n: number }>('select count(*)::int as n from smpp_binds where cus_id = $1 and heartbeat > $2', [
    cusId,
    new Date(now.getTime() - BIND_STALE_MS),
  ]);
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

/** Refreshes this instance's rows and clears rows of instances long gone. */
export async function heartbeatBinds(q: Queryable, instanceId: string, now: Date): Promise<void> {
  await q.query('update smpp_binds set heartbeat = $2 where instance_id = $1', [instanceId, now]);
  await q.query('delete from smpp_binds where heartbeat < $1', [new Date(now.getTime() - 10 * BIND_STALE_MS)]);
}

export async function removeInstanceBinds(q: Queryable, instanceId: string): Promise<void> {
  await q.query('delete from smpp_binds where instance_id = $1', [instanceId]);
}

/** Accounts with a receiver or transceiver bind on a live instance. */
export async function accountsWithReceivers(q: Queryable, now: Date): Promise<string[]> {
  const rows = await q.query<{ cus_id: string }>("select distinct cus_id from smpp_binds where bind_type in ('receiver', 'transceiver') and heartbeat > $1", [
    new Date(now.getTime() - BIND_STALE_MS),
  ]);
  return rows.map((r) => r.cus_id);
}
