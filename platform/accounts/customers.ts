import type { Language } from '../../contract/constants';
import type { SubAccountForm, SubAccountModify } from '../../contract/validation/sub-account.rules';
import { SUB_ACCOUNT_ID_EXISTS } from '../../contract/validation/sub-account.rules';
import type { CurrentUser } from '../core/current-user';
import { canSee } from '../auth/scope';
import { hashPassword } from '../auth/password';
import { interfacePasswordHashes } from './interface-password';
import { revokeUserSessions } from '../auth/session-revoke';
import type { AppContext } from '../core/context';
import type { AccountPorts } from './account-ports';
import type { Queryable } from '../db/db';
import { badRequest, forbidden } from '../http/api-error';
import { withRetry } from '../db/retry';
import { moveBalance } from './ledger';
import { encryptSecret, newAppSecret } from './secrets';
import { assertCallbackUrls } from './callback-target';
import { RECHARGE_LINK, SUB_ACCOUNT_LINK } from '../notices/notice-links';
import { notify } from '../notices/notices';

// Sub-accounts: the enterprise (or agent) manages the accounts it can see. Each change of one is told to the
// enterprise's admin (its root account, ep_id), whoever made it, in the change's own transaction.

type SubAccountNotice = 'subAccountCreated' | 'subAccountModified' | 'subAccountClosed' | 'subAccountOpened';
const tellAdmin = (q: Queryable, user: CurrentUser, kind: SubAccountNotice, cusId: string, cusName: string) =>
  notify(q, { cusId: user.ep_id, kind, params: { cusId, cusName, by: user.username }, link: SUB_ACCOUNT_LINK });

export interface AccountRow {
  cus_id: string;
  cus_name: string;
  status: number;
  pay_type: number;
  balance: string;
  ext_number: string | null;
  created_at: Date;
  options: Record<string, unknown> | null;
}
export const ACCOUNT_COLUMNS =
  'a.cus_id, a.cus_name, a.status, a.pay_type, a.balance, a.ext_number, a.created_at, a.options';

export async function accountById(q: Queryable, cusId: string): Promise<AccountRow | undefined> {
  const [a] = await q.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts a where a.cus_id = $1`, [cusId]);
  return a;
}

/** The products an account holds, in product order. */
export const heldProdTypes = (q: Queryable, cusId: string) =>
  q.query<{ prod_type: number }>('select prod_type from account_products where cus_id = $1 order by prod_type', [
    cusId,
  ]);

/** Sub-account row actions need moreType 1-4. */
export function assertManager(user: CurrentUser): void {
  if (user.moreType < 1 || user.moreType > 4) throw forbidden('customer.notAllowed');
}

/** A sub-account the caller may act on: visible to it and not its own account. Same answer when it does not exist. */
export function assertManageable(user: CurrentUser, cusId: string, failureKey: string): void {
  assertManager(user);
  if (cusId === user.cus_id || !canSee(user, cusId, 'accounts')) throw badRequest(failureKey, {}, 'cus_id');
}

/** Business types (industry categories) of the add form. */
const BUS_CTYS: Array<{ value: string; zh: string; en: string }> = [
  { value: 'retail', zh: '电商零售', en: 'E-commerce and retail' },
  { value: 'finance', zh: '金融保险', en: 'Finance and insurance' },
  { value: 'logistics', zh: '物流快递', en: 'Logistics' },
  { value: 'education', zh: '教育培训', en: 'Education' },
  { value: 'health', zh: '医疗健康', en: 'Health care' },
  { value: 'government', zh: '政务公共服务', en: 'Public services' },
  { value: 'internet', zh: '互联网服务', en: 'Internet services' },
  { value: 'other', zh: '其他', en: 'Other' },
];
export const busCtyOptions = (lang: Language) => BUS_CTYS.map((b) => ({ label: b[lang], value: b.value }));

const PROD_LABELS: Record<number, Record<Language, string>> = {
  0: { zh: '国内短信', en: 'Domestic SMS' },
  1: { zh: '国际短信', en: 'International SMS' },
  2: { zh: '视频短信', en: 'Video SMS' },
  6: { zh: '5G 消息', en: 'CSP (rich messaging)' },
};
export async function prodTypeOptions(q: Queryable, cusId: string, lang: Language) {
  const rows = await heldProdTypes(q, cusId);
  return rows.map((r) => ({
    label: PROD_LABELS[Number(r.prod_type)]?.[lang] ?? String(r.prod_type),
    value: Number(r.prod_type),
  }));
}

/** The checks of a sub-account's fields that only the platform can make, on creation and on every edit: a known
 * business type, callback addresses it may post to, a product line the caller's enterprise holds. Answers the
 * account's options as stored. */
async function checkedOptions(ctx: AppContext, user: CurrentUser, f: SubAccountModify) {
  if (!BUS_CTYS.some((b) => b.value === f.busCty)) throw badRequest('v.subAccount.busCtyRequired', {}, 'busCty');
  assertCallbackUrls(ctx.config.callbackAllowPrivate, f);
  const held = await ctx.db.query('select 1 from account_products where cus_id = $1 and prod_type = $2', [
    user.cus_id,
    f.prodType,
  ]);
  if (held.length === 0) throw badRequest('customer.prodNotHeld', {}, 'prodType');
  return {
    pushMode: f.pushMode,
    reportUrl: f.reportUrl,
    moUrl: f.moUrl,
    userIps: f.userIps,
    maxConnections: f.maxConnections,
    maxSpeed: f.maxSpeed,
    srcId: f.srcId,
    busCty: f.busCty,
  };
}

export async function createSubAccount(ctx: AppContext, user: CurrentUser, f: SubAccountForm): Promise<string> {
  assertManager(user);
  const options = await checkedOptions(ctx, user, f);
  // scrypt outside the transaction: it is slow on purpose
  const [loginHash, interfaceHash] = await Promise.all([
    hashPassword(f.password),
    interfacePasswordHashes(f.interfacePassword),
  ]);
  const secretEnc = await encryptSecret(ctx.db, newAppSecret());
  await withRetry(() =>
    ctx.db.tx(async (q) => {
      // account ids and login names share one namespace: the sub-account logs in with its account id
      const taken = await q.query(
        'select 1 from accounts where lower(cus_id) = lower($1) union all select 1 from users where lower(username) = lower($1)',
        [f.cus_id],
      );
      if (taken.length > 0) throw badRequest(SUB_ACCOUNT_ID_EXISTS, {}, 'cus_id');
      const inserted = await q.query(
        `insert into accounts(cus_id, cus_name, ep_id, parent_id, status, pay_type, balance, ext_number, options)
         values ($1, $2, $3, $4, 1, 0, 0, $5, $6::jsonb) on conflict do nothing returning cus_id`,
        [f.cus_id, f.cus_name, user.ep_id, user.cus_id, f.ext_number, JSON.stringify(options)],
      );
      if (inserted.length === 0) throw badRequest(SUB_ACCOUNT_ID_EXISTS, {}, 'cus_id');
      await q.query('insert into account_products(cus_id, prod_type) values ($1, $2)', [f.cus_id, f.prodType]);
      await q.query(
        'insert into account_credentials(cus_id, interface_password_hash, interface_password_prefix_hash, app_secret_enc) values ($1, $2, $3, $4)',
        [f.cus_id, interfaceHash.full, interfaceHash.prefix, secretEnc],
      );
      await q.query(
        `insert into users(username, password_hash, cus_id, name, mobile, user_type, roles, show_client_status, show_content_filter_where, more_type)
         values ($1, $2, $1, $3, '', 3, '{user}', 1, 1, 0)`,
        [f.cus_id, loginHash, f.cus_name],
      );
      await tellAdmin(q, user, 'subAccountCreated', f.cus_id, f.cus_name);
    }),
  );
  return f.cus_id;
}

/** Edits a sub-account the caller may manage with the creation rules; an empty password keeps the stored one. Live
 * binds that no longer fit are asked to end (the bind watch ends those outside the new user IPs by itself), and a
 * new login password ends the account's console sessions. */
export async function modifySubAccount(
  ctx: AppContext,
  ports: Pick<AccountPorts, 'endAccountBinds' | 'endBindsBeyond'>,
  user: CurrentUser,
  f: SubAccountModify,
): Promise<void> {
  assertManageable(user, f.cus_id, 'customer.editFailure');
  const options = await checkedOptions(ctx, user, f);
  const [loginHash, interfaceHash] = await Promise.all([
    f.password === undefined ? null : hashPassword(f.password),
    f.interfacePassword === undefined ? null : interfacePasswordHashes(f.interfacePassword),
  ]);
  const userIds = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const updated = await q.query(
        `update accounts set cus_name = $2, ext_number = $3, options = coalesce(options, '{}'::jsonb) || $4::jsonb
          where cus_id = $1 and status <> 2 returning cus_id`,
        [f.cus_id, f.cus_name, f.ext_number, JSON.stringify(options)],
      );
      if (updated.length === 0) throw badRequest('customer.editFailure', {}, 'cus_id');
      // the form names one product line: it is granted, and lines granted before stay (an edit of another field
      // must not take away what the form does not show)
      await q.query('insert into account_products(cus_id, prod_type) values ($1, $2) on conflict do nothing', [
        f.cus_id,
        f.prodType,
      ]);
      if (interfaceHash) {
        await q.query(
          'update account_credentials set interface_password_hash = $2, interface_password_prefix_hash = $3 where cus_id = $1',
          [f.cus_id, interfaceHash.full, interfaceHash.prefix],
        );
        await ports.endAccountBinds(q, f.cus_id);
      } else await ports.endBindsBeyond(q, f.cus_id, f.maxConnections, ctx.now());
      // the login made with the account carries its name; the password is that of the account's own logins
      await q.query('update users set name = $2 where cus_id = $1 and username = $1', [f.cus_id, f.cus_name]);
      await tellAdmin(q, user, 'subAccountModified', f.cus_id, f.cus_name);
      if (!loginHash) return [];
      const users = await q.query<{ id: number }>(
        'update users set password_hash = $2 where cus_id = $1 and user_type = 3 returning id',
        [f.cus_id, loginHash],
      );
      return users.map((u) => Number(u.id));
    }),
  );
  for (const id of userIds) await revokeUserSessions(ctx, id);
}

/** Opens (1) or closes (0) a sub-account; closing ends the sessions of its logins. */
export async function setSubAccountStatus(
  ctx: AppContext,
  user: CurrentUser,
  cusId: string,
  status: 0 | 1,
): Promise<void> {
  const failure = status === 1 ? 'customer.openFailure' : 'customer.closeFailure';
  assertManageable(user, cusId, failure);
  const rows = await ctx.db.query<{ cus_name: string }>(
    'update accounts set status = $2 where cus_id = $1 and status <> 2 returning cus_name',
    [cusId, status],
  );
  if (rows.length === 0) throw badRequest(failure, {}, 'cus_id');
  await tellAdmin(ctx.db, user, status === 1 ? 'subAccountOpened' : 'subAccountClosed', cusId, rows[0].cus_name);
  if (status === 0) {
    const users = await ctx.db.query<{ id: number }>('select id from users where cus_id = $1', [cusId]);
    for (const u of users) await revokeUserSessions(ctx, Number(u.id));
  }
}

/** Moves money from the caller's account to a sub-account: one transaction, a ledger row on each side. */
export async function chargeSubAccount(
  ctx: AppContext,
  user: CurrentUser,
  cusId: string,
  amount: number,
  remark: string,
) {
  assertManageable(user, cusId, 'customer.editFailure');
  return withRetry(() =>
    ctx.db.tx(async (q) => {
      // lock both in one order so two opposite charges cannot deadlock
      const locked = await q.query<{ cus_id: string; balance: string; status: number }>(
        'select cus_id, balance, status from accounts where cus_id = any($1::text[]) order by cus_id for no key update',
        [[user.cus_id, cusId]],
      );
      const from = locked.find((a) => a.cus_id === user.cus_id);
      const to = locked.find((a) => a.cus_id === cusId);
      if (!from || !to || Number(to.status) === 2) throw badRequest('customer.editFailure', {}, 'cus_id');
      if (Math.round(amount * 100) > Math.round(Number(from.balance) * 100))
        throw badRequest('v.recharge.exceedsBalance', {}, 'amount');
      const out = await moveBalance(q, user.cus_id, -amount, 'recharge', { ref: cusId, remark });
      const into = await moveBalance(q, cusId, amount, 'recharge', { ref: user.cus_id, remark });
      await notify(q, {
        cusId,
        kind: 'recharged',
        params: { amount: amount.toFixed(2), balance: into.post.toFixed(2), from: user.cus_id },
        link: RECHARGE_LINK,
      });
      return { balance: into.post, enterpriseBalance: out.post };
    }),
  );
}
