import { z } from 'zod';
import { defineEndpoint, emptyRequest, emptyResponse, pageOf, pageRequest } from '../endpoint';
import { optionSchema, rechargeSchema, subAccountDetailSchema, subAccountSchema } from '../entities.schema';
import {
  rechargeFormSchema,
  subAccountModifyRequestSchema,
  subAccountRequestSchema,
} from '../validation/sub-account.rules';
import { coercedInt16, epochMs, text } from '../bounds';

// Customers: the enterprise's sub-accounts (the sub-account screen). Row actions need the user's moreType 1-4;
// every call is limited to the accounts the caller may see.

const cusId = z
  .string({ error: 'v.recharge.accountRequired' })
  .trim()
  .min(1, { error: 'v.recharge.accountRequired' })
  .max(20);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Bounded optional list filters ('' and null mean unset). */
export const optText = z.preprocess(blank, text(200).optional()).transform((v) => v?.trim() || undefined);
export const optCode = z.preprocess(blank, coercedInt16(0, 9).optional());
export const timeRange = {
  startTime: z.preprocess(blank, epochMs().optional()),
  endTime: z.preprocess(blank, epochMs().optional()),
};

export const customerListEndpoint = defineEndpoint({
  path: '/customer/list',
  doc: 'keyword matches cus_id or cus_name (substring); cus_status 0 closed, 1 open, 2 removed; pay_type 0/1.',
  request: pageRequest.extend({ keyword: optText, cus_status: optCode, pay_type: optCode, ...timeRange }),
  response: pageOf(subAccountSchema),
});

export const customerAddEndpoint = defineEndpoint({
  path: '/customer/customerAdd',
  doc: 'Creates an open, prepaid sub-account with balance 0 and the given product line granted; a taken id answers 400 v.subAccount.idExists.',
  request: subAccountRequestSchema,
  response: z.object({ cus_id: z.string() }),
});

export const customerModifyEndpoint = defineEndpoint({
  path: '/customer/customerModify',
  doc:
    'Edits the sub-account cus_id with the fields and rules of /customer/customerAdd; password and interfacePassword ' +
    'left empty keep the stored ones. prodType is granted if not held yet (other product lines stay). Live SMPP binds that no ' +
    'longer fit end within about a second: all of them when the interface password changes, those from addresses ' +
    'outside the new user IPs, and the newest beyond a lowered maxConnections. A new login password ends its console sessions.',
  request: subAccountModifyRequestSchema,
  response: emptyResponse,
});

export const closeCustomerEndpoint = defineEndpoint({
  path: '/customer/closeCustomer',
  doc: 'Sets cus_status 0: the account can no longer log in or send. Closing a closed account is a no-op.',
  request: z.object({ cus_id: cusId }),
  response: emptyResponse,
});

export const openCustomerEndpoint = defineEndpoint({
  path: '/customer/openCustomer',
  doc: 'Sets cus_status 1 again.',
  request: z.object({ cus_id: cusId }),
  response: emptyResponse,
});

export const customerDetailEndpoint = defineEndpoint({
  path: '/customer/customerDetail',
  request: z.object({ cus_id: cusId }),
  response: subAccountDetailSchema,
});

export const customerChargeEndpoint = defineEndpoint({
  path: '/customer/customerCharge',
  doc:
    'Moves amount (yuan) from the enterprise balance to the sub-account, recording a recharge_type 0 row on both sides ' +
    'in one transaction; more than the enterprise balance answers 400 v.recharge.exceedsBalance.',
  request: rechargeFormSchema(Number.POSITIVE_INFINITY),
  response: z.object({ balance: z.number(), enterpriseBalance: z.number() }),
});

export const chargeDetailEndpoint = defineEndpoint({
  path: '/customer/chargeDetail',
  doc: 'The recharge rows of one sub-account, newest first.',
  request: pageRequest.extend({ cus_id: cusId, recharge_type: optCode, ...timeRange }),
  response: pageOf(rechargeSchema),
});

export const customerProdTypesEndpoint = defineEndpoint({
  path: '/customer/prodTypes',
  doc: "Product lines the caller's enterprise holds and may grant (value 0 home, 1 international, 2 video, 6 CSP).",
  request: emptyRequest,
  response: z.array(optionSchema),
});

export const customerBusCtysEndpoint = defineEndpoint({
  path: '/customer/busCtys',
  doc: 'Business types for the add form (same list as /user/getBusCtyList).',
  request: emptyRequest,
  response: z.array(optionSchema),
});
