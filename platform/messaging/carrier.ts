// The carrier connector: what the dispatcher asks of whatever delivers messages. The default is the simulator
// (simulator.ts); a real connector implements the same three decisions from the carrier's answers.

/** Final states: 0 success, 700 failure, 600 report timeout. */
export type FinalStatus = 0 | 600 | 700;

export interface CarrierReport {
  mt_status: FinalStatus;
  report_result: string | null;
  report_result_desc: string | null;
  err_desc: string | null;
}

export interface OutboundMessage {
  sn: string;
  prod_type: number;
  cus_id: string;
  mobile: string;
  content: string;
}

export interface CarrierConnector {
  /** ms a reviewed message waits before it is released to the carrier (100 -> 500). */
  reviewDelayMs(): number;
  /** ms until the status report of a message handed over (500 -> final). */
  reportDelayMs(): number;
  /** the status report for a message. */
  report(msg: OutboundMessage): CarrierReport;
  /** what the recipient answers, if anything (an MO record). */
  reply(msg: OutboundMessage, report: CarrierReport): string | null;
}
