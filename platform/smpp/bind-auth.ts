import type { AppContext } from '../context';
import { withRetry } from '../db/retry';
import { DUMMY_HASH } from '../auth/password';
import { bindPasswordMatches } from './bind-password';
import { STATUS } from './command-status';
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
 */
export async function authenticateBind(ctx: AppContext, instanceId: string, req: BindRequest): Promise<AuthResult> {
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
  if (!a) {
    await bindPasswordMatches(req.password, DUMMY_HASH, null);
    return refuse(STATUS.RINVSYSID, 'unknown system_id');
  }
  const options = a.options ?? {};
  if (!isAddressAllowed(options.userIps ?? '', req.remoteAddress)) return refuse(STATUS.RBINDFAIL, 'address not in user IPs');
  if (!(await bindPasswordMatches(req.password, a.full, a.prefix))) return refuse(STATUS.RINVPASWD, 'wrong password');
  if (Number(a.status) !== 1) return refuse(STATUS.RBINDFAIL, 'account closed');
  if (!(a.products ?? []).some((p) => (SMPP_PRODUCTS as readonly number[]).includes(Number(p)))) return refuse(STATUS.RBINDFAIL, 'no SMS product');
  const max = Number(options.maxConnections ?? 0);
  const admitted = await withRetry(() =>
    ctx.db.tx(async (q) => {
      // binds of one account are counted one at a time across instances
      await q.query('select 1 from accounts where cus_id = $1 for no key update', [a.cus_id]);
      const now = ctx.now();
      if (max > 0 && (await liveBindCount(q, a.cus_id, now)) >= max) return false;
      await addBind(q, { sessionId: req.sessionId, instanceId, cusId: a.cus_id, bindType: req.bindType, address: req.remoteAddress }, now);
      return true;
    }),
  );
  if (!admitted) return refuse(STATUS.RBINDFAIL, `max connections (${max}) reached`);
  return { ok: true, accountId: a.cus_id };
}
