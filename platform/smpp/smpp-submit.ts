import type { CurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { submitSend } from '../messaging/send';
import { SMPP_PRODUCTS, type SmppAccountOptions } from './bind-auth';
import { STATUS } from './command-status';
import { newMessageId } from './message-id';
import type { SessionInfo, SubmitOutcome, SubmittedMessage } from './server-types';

// A submit_sm goes through the same send as the console's: priced, checked, charged and written to mt_records in one
// transaction, with the ids the client is answered with kept beside the record, before submit_sm_resp.

/** Refusals of the send that mean the destination is not a number the console would send to. */
const DESTINATION_KEYS = new Set(['send.noValidMobile']);

/** A domestic number as an SMPP client may write it (+86, 0086 or 86 in front) as the console takes it. */
export function domesticNumber(addr: string): string {
  const digits = addr.trim().replace(/^\+/, '');
  const m = /^(?:0086|86)(1\d{10})$/.exec(digits);
  return m ? m[1] : digits;
}

/** The caller a send runs as: the bound (or signing) account itself, reaching nothing else. */
export function bindCaller(cusId: string, epId: string): CurrentUser {
  return {
    id: 0,
    username: cusId,
    name: cusId,
    cus_id: cusId,
    ep_id: epId,
    userType: 3,
    showClientStatus: 1,
    clientForbidUnknown: 0,
    showContentFilterWhere: 1,
    moreType: 0,
    roles: ['user'],
    permissions: [],
    visibleCusIds: [cusId],
    tokenHash: '',
    expiresAt: new Date(8.64e15),
  };
}

export async function submitFromSmpp(ctx: AppContext, session: SessionInfo, message: SubmittedMessage): Promise<SubmitOutcome> {
  const cusId = session.accountId;
  if (!cusId) return { status: STATUS.RINVBNDSTS };
  const [a] = await ctx.db.query<{ ep_id: string; ext_number: string | null; options: SmppAccountOptions | null; products: number[] | null }>(
    `select ep_id, ext_number, options, (select array_agg(prod_type::int) from account_products p where p.cus_id = a.cus_id) as products
       from accounts a where cus_id = $1`,
    [cusId],
  );
  if (!a) return { status: STATUS.RSUBMITFAIL };
  const source = `${a.options?.srcId ?? ''}${a.ext_number ?? ''}`;
  if (source !== '' && !message.pdu.sourceAddr.startsWith(source)) {
    ctx.log.warn({ cusId, sourceAddr: message.pdu.sourceAddr, expected: source }, 'smpp submit refused: source address');
    return { status: STATUS.RINVSRCADR };
  }
  if (message.text === null) {
    ctx.log.warn({ cusId, dataCoding: message.dataCoding }, 'smpp submit refused: binary content');
    return { status: STATUS.RSUBMITFAIL };
  }
  const products = (a.products ?? []).map(Number);
  const prodType = SMPP_PRODUCTS.find((p) => products.includes(p));
  if (prodType === undefined) return { status: STATUS.RSUBMITFAIL };
  const destination = prodType === 0 ? domesticNumber(message.pdu.destinationAddr) : message.pdu.destinationAddr.trim();
  const messageId = newMessageId();
  const partIds = message.partIds.map((id) => id ?? messageId);
  const asked = message.pdus.map((p) => p.registeredDelivery & 0x03);
  try {
    await submitSend(ctx, bindCaller(cusId, a.ep_id), {
      cus_id: cusId,
      prod_type: prodType,
      content: message.text,
      mobiles: destination,
      source: 'smpp',
      onStored: async (q, batchId) => {
        await q.query('insert into smpp_messages (message_id, sn, cus_id, part_ids, registered_delivery, source_addr) values ($1, $2, $3, $4, $5, $6)', [
          messageId,
          `${batchId}000001`,
          cusId,
          partIds,
          asked,
          message.pdu.sourceAddr,
        ]);
      },
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    ctx.log.warn({ cusId, reason: err.key, destination }, 'smpp submit refused');
    return { status: DESTINATION_KEYS.has(err.key) ? STATUS.RINVDSTADR : STATUS.RSUBMITFAIL };
  }
  return { messageId };
}
