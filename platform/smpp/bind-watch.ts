import type { AppContext } from '../core/context';
import { isAddressAllowed } from './ip-allow';
import { bindsToEnd } from './smpp-binds';
import type { SmppServer } from './smpp-server';

// A bind stays only while its account allows it: a closed account, or user IPs that no longer cover the client's
// address, end it, as does an end asked for from the console. The account's max speed is read again each time, so a
// change applies to live binds too. Every instance and door draws the account's speed from one bucket in the database
// (rate-reserve.ts), so all its binds and HTTP requests together stay within it.

interface AccountState {
  cus_id: string;
  status: number;
  user_ips: string | null;
  max_speed: string | null;
}

/** submit_sm per second an account may send at: 0 for no limit. */
export function speedOf(v: string | number | null | undefined): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** Ends this instance's binds that may no longer stay and refreshes the accounts' speeds. Answers how many ended. */
export async function watchBinds(
  ctx: AppContext,
  instanceId: string,
  server: SmppServer,
  speeds: Map<string, number>,
): Promise<number> {
  const sessions = server.listSessions().filter((s) => s.state === 'bound' && s.accountId);
  if (sessions.length === 0) return 0;
  const rows = await ctx.db.query<AccountState>(
    `select cus_id, status, options->>'userIps' as user_ips, options->>'maxSpeed' as max_speed from accounts where cus_id = any($1)`,
    [[...new Set(sessions.map((s) => s.accountId!))]],
  );
  const accounts = new Map(rows.map((r) => [r.cus_id, r]));
  for (const r of rows) speeds.set(r.cus_id, speedOf(r.max_speed));
  const asked = new Set(await bindsToEnd(ctx.db, instanceId));
  const reasons = new Map<string, string>();
  for (const s of sessions) {
    const a = accounts.get(s.accountId!);
    const reason = asked.has(s.id)
      ? 'ended from the console'
      : !a || Number(a.status) !== 1
        ? 'account closed'
        : !isAddressAllowed(a.user_ips ?? '', s.remoteAddress)
          ? 'address no longer in user IPs'
          : null;
    if (reason) reasons.set(s.id, reason);
  }
  if (reasons.size === 0) return 0;
  for (const [sessionId, reason] of reasons) ctx.log.warn({ sessionId, reason }, 'smpp bind ended');
  return server.endSessionsWhere((s) => reasons.has(s.id));
}
