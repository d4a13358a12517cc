import { statusHex } from '../smpp-wire/command-status';
import type { CarrierReport } from '../messaging/carrier';

// What a record shows when a carrier's answer ends it: report_result is the carrier's own word (a receipt's stat, or
// a refused submit's command_status in hex), report_result_desc says it in the console's words, err_desc keeps the
// detail (which carrier, which error code) for support.

const STAT_DESC: Record<string, string> = {
  UNDELIV: '未送达',
  REJECTD: '拒收',
  EXPIRED: '过期未送达',
  DELETED: '已删除',
  UNKNOWN: '状态未知',
};

export const DELIVERED: CarrierReport = {
  mt_status: 0,
  report_result: '0',
  report_result_desc: 'DELIVRD',
  err_desc: null,
};
export const NO_ROUTE: CarrierReport = {
  mt_status: 700,
  report_result: 'NOROUTE',
  report_result_desc: '无可用通道',
  err_desc: 'no route for this destination',
};
export const EXPIRED: CarrierReport = {
  mt_status: 700,
  report_result: 'EXPIRED',
  report_result_desc: '有效期内未能发出',
  err_desc: 'no carrier took the message within its validity',
};
/** The message's own validity (SMPP validity_period) ended before any carrier took it: it is not submitted. */
export const VALIDITY_OVER: CarrierReport = {
  ...EXPIRED,
  err_desc: 'the validity period of the message ended before a carrier took it',
};
const NO_RECEIPT: CarrierReport = {
  mt_status: 600,
  report_result: null,
  report_result_desc: '状态报告超时',
  err_desc: 'report timeout',
};

export const refusedReport = (carrier: string, status: number): CarrierReport => {
  const code = statusHex(status);
  return {
    mt_status: 700,
    report_result: code,
    report_result_desc: '通道拒绝',
    err_desc: `${carrier} refused: ${code}`,
  };
};

/** A message that could not be put into submit_sm for its carrier: `TOOLONG` when it has more parts (or payload
 * octets) than SMPP can number, `ENCODE` for any other failure to build or write its PDUs. It fails alone. */
export const unsendableReport = (carrier: string, tooLong: boolean, reason: string): CarrierReport => ({
  mt_status: 700,
  report_result: tooLong ? 'TOOLONG' : 'ENCODE',
  report_result_desc: tooLong ? '内容过长无法发送' : '无法编码发送',
  err_desc: `${carrier}: ${reason}`,
});

export const unansweredReport = (carrier: string): CarrierReport => ({
  mt_status: 600,
  report_result: 'NORESP',
  report_result_desc: '提交未应答',
  err_desc: `${carrier} did not answer the submit; not sent again`,
});

/** A part's error as carrier_parts keeps it: the receipt's stat and its err code. */
export const partErr = (stat: string, err: string | null) => (err ? `${stat} ${err}` : stat);

/** The record's report from the state its parts give and their errors (the first failing part's word). */
export function finalReport(status: 0 | 600 | 700, errs: ReadonlyArray<string | null>): CarrierReport {
  if (status === 0) return DELIVERED;
  if (status === 600) return NO_RECEIPT;
  const err = errs.find((e) => e !== null && !e.startsWith('DELIVRD')) ?? 'UNDELIV';
  const word = err.split(' ')[0];
  return { mt_status: 700, report_result: word, report_result_desc: STAT_DESC[word] ?? '发送失败', err_desc: err };
}
