import type { AppContext } from '../core/context';
import { STATUS } from '../smpp-wire/command-status';
import { MESSAGE_STATE } from '../smpp-wire/pdu-types';
import { receiptStat } from './receipt-queue';
import { messageStateOf } from '../smpp-wire/receipt-text';
import { absoluteSmppTime } from '../smpp-wire/smpp-time';
import type { QueryOutcome, QueryRequest, SessionInfo } from './server-types';

/** final_date is given to the second, as a receipt gives its done date. */
const toSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** message_state of a record: a final one says what its receipt says, anything else is on its way. */
export function messageStateOfRecord(row: {
  mt_status: number;
  report_result: string | null;
  report_result_desc: string | null;
}): number {
  const mtStatus = Number(row.mt_status);
  if (mtStatus !== 0 && mtStatus !== 600 && mtStatus !== 700) return MESSAGE_STATE.ENROUTE;
  return messageStateOf(receiptStat({ sn: '', ...row, mt_status: mtStatus }));
}

/** query_sm: the state of a message of the bound account, by the id of any of its parts. */
export async function queryFromSmpp(ctx: AppContext, session: SessionInfo, req: QueryRequest): Promise<QueryOutcome> {
  if (!session.accountId) return { status: STATUS.RQUERYFAIL };
  const [row] = await ctx.db.query<{
    mt_status: number;
    report_result: string | null;
    report_result_desc: string | null;
    updated_at: Date;
  }>(
    `select m.mt_status, m.report_result, m.report_result_desc, m.updated_at from smpp_messages s join mt_records m on m.sn = s.sn
      where s.cus_id = $1 and (s.message_id = $2 or $2 = any(s.part_ids)) limit 1`,
    [session.accountId, req.messageId],
  );
  if (!row) return { status: STATUS.RINVMSGID };
  const state = messageStateOfRecord(row);
  const final = state !== MESSAGE_STATE.ENROUTE;
  const err = Number(row.report_result);
  return {
    finalDate: final ? absoluteSmppTime(toSecond(new Date(row.updated_at))) : '',
    messageState: state,
    errorCode: final && Number.isInteger(err) && err > 0 && err < 256 ? err : 0,
  };
}
