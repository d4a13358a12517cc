import { defineEndpoint, pageOf, pageRequest } from '../endpoint';
import { epRechargeSchema, rechargeSchema } from '../entities.schema';
import { optCode, optText, timeRange } from './customer.endpoints';

// Recharge rows of sub-accounts and of the enterprise (the recharge records screen), newest first.

export const rechargeListEndpoint = defineEndpoint({
  path: '/recharge/list',
  doc: 'cus_id filters by account for userType 1 and 2 (spec §6); others always see their own rows. recharge_type 0-3.',
  request: pageRequest.extend({ cus_id: optText, recharge_type: optCode, ...timeRange }),
  response: pageOf(rechargeSchema),
});

export const epRechargeListEndpoint = defineEndpoint({
  path: '/epRecharge/list',
  doc: "The enterprise account's own balance movements (platform top-ups, charges to sub-accounts as negative amounts).",
  request: pageRequest.extend({ recharge_type: optCode, ...timeRange }),
  response: pageOf(epRechargeSchema),
});
