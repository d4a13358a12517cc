import type { FastifyInstance } from 'fastify';
import {
  chargeDetailEndpoint,
  closeCustomerEndpoint,
  customerAddEndpoint,
  customerBusCtysEndpoint,
  customerChargeEndpoint,
  customerDetailEndpoint,
  customerListEndpoint,
  customerModifyEndpoint,
  customerProdTypesEndpoint,
  openCustomerEndpoint,
} from '../../contract/endpoints/customer.endpoints';
import { getBusCtyListEndpoint } from '../../contract/endpoints/account.endpoints';
import type { CurrentUser } from '../core/current-user';
import { readableCusIds } from '../auth/scope';
import {
  ACCOUNT_COLUMNS,
  accountById,
  assertManageable,
  busCtyOptions,
  chargeSubAccount,
  createSubAccount,
  heldProdTypes,
  modifySubAccount,
  prodTypeOptions,
  setSubAccountStatus,
  type AccountRow,
} from './customers';
import { likeOf, ms, pageQuery } from './list-page';
import { rechargeRows } from './recharge-rows';
import type { AppContext } from '../core/context';
import type { AccountPorts } from './account-ports';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';
import { Where } from '../lists/list-query';

// Customers: the sub-accounts a caller may see (its enterprise for userType 1, its own for an agent).

const listRow = (a: AccountRow) => ({
  cus_id: a.cus_id,
  cus_name: a.cus_name,
  cus_status: Number(a.status),
  pay_type: Number(a.pay_type),
  balance: Number(a.balance),
  balanceStr2: Number(a.balance).toFixed(2),
  ext_number: a.ext_number ?? '',
  create_time: ms(a.created_at) ?? 0,
});

/** Sub-accounts are the visible accounts other than the caller's own. */
const subAccountsOf = (user: CurrentUser) => readableCusIds(user, 'accounts').filter((c) => c !== user.cus_id);

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext, ports: AccountPorts): void {
  route(app, ctx, customerListEndpoint, async ({ body, user }) => {
    const w = new Where();
    w.add(`a.cus_id = any(${w.bind(subAccountsOf(user))}::text[])`);
    if (body.keyword) {
      const k = w.bind(likeOf(body.keyword));
      w.add(`(a.cus_id ilike ${k} or a.cus_name ilike ${k})`);
    }
    if (body.cus_status !== undefined) w.add(`a.status = ${w.bind(body.cus_status)}`);
    if (body.pay_type !== undefined) w.add(`a.pay_type = ${w.bind(body.pay_type)}`);
    if (body.startTime !== undefined) w.add(`a.created_at >= ${w.bind(new Date(body.startTime))}`);
    if (body.endTime !== undefined) w.add(`a.created_at <= ${w.bind(new Date(body.endTime))}`);
    const page = await pageQuery<AccountRow>(ctx.db, {
      from: 'accounts a',
      select: ACCOUNT_COLUMNS,
      where: w,
      order: 'a.created_at desc, a.cus_id',
      ...body,
    });
    return { total: page.total, data: page.rows.map(listRow) };
  });

  route(
    app,
    ctx,
    customerAddEndpoint,
    async ({ body, user, message }) => {
      const cus_id = await createSubAccount(ctx, user, body);
      message('common.added');
      return { cus_id };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    customerModifyEndpoint,
    async ({ body, user, message }) => {
      await modifySubAccount(ctx, ports, user, body);
      message('customer.modified');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    openCustomerEndpoint,
    async ({ body, user, message }) => {
      await setSubAccountStatus(ctx, user, body.cus_id, 1);
      message('customer.opened');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    closeCustomerEndpoint,
    async ({ body, user, message }) => {
      await setSubAccountStatus(ctx, user, body.cus_id, 0);
      message('customer.closed');
    },
    { idempotent: true },
  );

  route(app, ctx, customerDetailEndpoint, async ({ body, user }) => {
    assertManageable(user, body.cus_id, 'customer.editFailure');
    const a = await accountById(ctx.db, body.cus_id);
    if (!a) throw badRequest('customer.editFailure', {}, 'cus_id');
    const prods = await heldProdTypes(ctx.db, body.cus_id);
    const o = (a.options ?? {}) as Record<string, unknown>;
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
    const num = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : 0);
    return {
      ...listRow(a),
      userIps: str('userIps'),
      pushMode: num('pushMode'),
      reportUrl: str('reportUrl'),
      moUrl: str('moUrl'),
      maxConnections: num('maxConnections'),
      maxSpeed: num('maxSpeed'),
      srcId: str('srcId'),
      busCty: str('busCty'),
      prodTypes: prods.map((p) => Number(p.prod_type)),
    };
  });

  route(
    app,
    ctx,
    customerChargeEndpoint,
    async ({ body, user, message }) => {
      const out = await chargeSubAccount(ctx, user, body.cus_id, body.amount, body.remark ?? '');
      message('customer.charged');
      return out;
    },
    { idempotent: true },
  );

  route(app, ctx, chargeDetailEndpoint, async ({ body, user }) => {
    assertManageable(user, body.cus_id, 'customer.editFailure');
    return rechargeRows(ctx.db, [body.cus_id], body);
  });

  route(app, ctx, customerProdTypesEndpoint, async ({ user, lang }) => prodTypeOptions(ctx.db, user.cus_id, lang));
  route(app, ctx, customerBusCtysEndpoint, async ({ lang }) => busCtyOptions(lang));
  route(app, ctx, getBusCtyListEndpoint, async ({ lang }) => busCtyOptions(lang));
}
