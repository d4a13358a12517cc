import {
  closeCustomerEndpoint,
  customerChargeEndpoint,
  openCustomerEndpoint,
} from '../../contract/endpoints/customer.endpoints';
import {
  certificationEndpoint,
  modifyApiInfoEndpoint,
  modifyCusNameEndpoint,
  pushUrlModifyEndpoint,
} from '../../contract/endpoints/account.endpoints';
import { modifyCusBneWarnEndpoint } from '../../contract/endpoints/warn.endpoints';
import type { CommandTable } from './command';

// Account commands that go through the event log and the outbox with Idempotency-Key = event id: a charge
// is made exactly once however often it is retried. Commands that carry a password (add a sub-account, change the
// password, view or rotate the app secret, set the interface password) are not queued: the event log is the user's
// readable audit trail in IndexedDB, and no password may rest there; those are online calls with their own key.

export const ACCOUNT_COMMANDS: CommandTable = {
  'customer.open': { endpoint: openCustomerEndpoint, body: (p) => ({ cus_id: p.cus_id }) },
  'customer.close': { endpoint: closeCustomerEndpoint, body: (p) => ({ cus_id: p.cus_id }) },
  'customer.charge': {
    endpoint: customerChargeEndpoint,
    body: (p) => ({ cus_id: p.cus_id, amount: p.amount, remark: p.remark }),
  },
  'settings.cusName': { endpoint: modifyCusNameEndpoint, body: (p) => ({ cus_name: p.cus_name }) },
  'settings.pushUrl': { endpoint: pushUrlModifyEndpoint, body: (p) => ({ reportUrl: p.reportUrl, moUrl: p.moUrl }) },
  'settings.certification': {
    endpoint: certificationEndpoint,
    body: (p) => ({ cardName: p.cardName, cardNumber: p.cardNumber, phone: p.phone }),
  },
  'settings.apiInfo': {
    endpoint: modifyApiInfoEndpoint,
    body: (p) => ({ userIps: p.userIps, pushMode: p.pushMode, reportBatch: p.reportBatch }),
  },
  'warn.modify': {
    endpoint: modifyCusBneWarnEndpoint,
    body: (p) => ({ cus_id: p.cus_id, enabled: p.enabled, warnBalance: p.warnBalance, warnMobiles: p.warnMobiles }),
  },
};

/** Commands on one account go out in the order they were made. */
export const accountAggregate = (cusId: string) => `account:${cusId}`;
