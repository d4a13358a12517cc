import type { AppContext } from '../core/context';
import { withRetry } from '../db/retry';
import { clearAccountFailures, recordFailure, reserveAttempt } from '../auth/login-throttle';
import { ApiError } from '../http/api-error';
import { bindPasswordMatches } from '../accounts/interface-password';
import { STATUS } from '../smpp-wire/command-status';
import { isAddressAllowed } from './ip-allow';
import { addBind, liveBindCount } from './smpp-binds';
import type { AuthResult, BindRequest } from './server-types';

/** The SMS products an SMPP bind may send: home first, else international. */
export const SMPP_PRODUCTS = [0, 1] as const;

export interface SmppAccountOptions {
  userIps?: string;
  maxConnections?: number;
  maxSpeed?: number;
  srcId?: string;
}

interface AccountRow {
  cus_id: string;
  status: number;
  options: SmppAccountOptions | null;
  full: string | null;
  prefix: string | null;
  products: number[] | null;
}

/**
 * A bind: system_id is the account id, the password its interface password. Checked in this order: the account
 * exists; the address is in its user IPs (before the password, so a guess from elsewhere learns nothing); the
 * password; the account is open with an SMS product; its binds over all instances stay within max connections.
 * Attempts are counted as console logins count them (login-throttle.ts, shared by every instance): per system_id and
 * address (kept apart from console logins of the same name by a prefix) and per address across doors, so guessing is
 * refused with ESME_RBINDFAIL once either is used up, whatever the password. An unknown system_id is refused without a
 * hash check: it is said to be unknown anyway (ESME_RINVSYSID), and its failures count against the address.
 */
export async function authenticateBind(ctx: AppContext, instanceId: string, req: BindRequest): Promise<AuthResult> {
  const who = `smpp:${req.systemId}`;
  try {
    await reserveAttempt(ctx.db, who, req.remoteAddress, ctx.now());
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    ctx.log.warn(
      { systemId: req.systemId, address: req.remoteAddress, reason: 'too many failed binds' },
      'smpp bind refused',
    );
    return { ok: false, status: STATUS.RBINDFAIL };
  }
  const [a] = await ctx.db.query<AccountRow>(
    `select a.cus_id, a.status, a.options, c.interface_password_hash as full, c.interface_password_prefix_hash as prefix,
            (select array_agg(prod_type::int) from account_products p where p.cus_id = a.cus_id) as products
       from accounts a left join account_credentials c on c.cus_id = a.cus_id
      where a.cus_id = $1 and a.status <> 2`,
    [req.systemId],
  );
  const refuse = (status: number, reason: string): AuthResult => {
    ctx.log.warn({ systemId: req.systemId, address: req.remoteAddress, reason }, 'smpp bind refused');
    return { ok: false, status };
  };
  const fail = async (status: number, reason: string): Promise<AuthResult> => {
    await recordFailure(ctx.db, who, req.remoteAddress, ctx.now());
    return refuse(status, reason);
  };
  if (!a) return fail(STATUS.RINVSYSID, 'unknown system_id');
  const options = a.options ?? {};
  if (!isAddressAllowed(options.userIps ?? '', req.remoteAddress))
    return fail(STATUS.RBINDFAIL, 'address not in user IPs');
  if (!(await bindPasswordMatches(req.password, a.full, a.prefix))) return fail(STATUS.RINVPASWD, 'wrong password');
  await clearAccountFailures(ctx.db, who, req.remoteAddress);
  if (Number(a.status) !== 1) return refuse(STATUS.RBINDFAIL, 'account closed');
  if (!(a.products ?? []).some((p) => (SMPP_PRODUCTS as readonly number[]).includes(Number(p))))
    return refuse(STATUS.RBINDFAIL, 'no SMS product');
  const max = Number(options.maxConnections ?? 0);
  const admitted = await withRetry(() =>
    ctx.db.tx(async (q) => {
      // binds of one account are counted one at a time across instances
      await q.query('select 1 from accounts where cus_id = $1 for no key update', [a.cus_id]);
      const now = ctx.now();
      if (max > 0 && (await liveBindCount(q, a.cus_id, now)) >= max) return false;
      await addBind(
        q,
        { sessionId: req.sessionId, instanceId, cusId: a.cus_id, bindType: req.bindType, address: req.remoteAddress },
        now,
      );
      return true;
    }),
  );
  if (!admitted) return refuse(STATUS.RBINDFAIL, `max connections (${max}) reached`);
  return { ok: true, accountId: a.cus_id };
}
