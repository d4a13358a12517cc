import type { Config } from '../core/config';
import type { CarrierConnector, CarrierReport, OutboundMessage } from './carrier';

// The default carrier: outcomes drawn with config.simulator rates, reports after config.simulator delays.

/** Realistic failure reports (CMPP/SGIP style codes) and what they mean. */
export const FAILURE_REPORTS: Array<{ code: string; desc: string }> = [
  { code: 'UNDELIV', desc: '空号' },
  { code: 'MK:0001', desc: '关机' },
  { code: 'REJECTD', desc: '拒收' },
  { code: 'EXPIRED', desc: '过期未送达' },
  { code: 'MK:0005', desc: '停机' },
  { code: 'DB:0141', desc: '黑名单号码' },
  { code: 'MI:0013', desc: '用户欠费' },
];

const REPLIES = ['好的', '收到', 'TD', '谢谢', '退订', '已了解', 'STOP', '请问怎么办理？', 'T', '知道了'];

/** A stable small hash, so a number always gets the same simulated reply (tests pick numbers with it). */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The reply the simulator gives from this number when it replies. */
export const simulatedReplyFor = (mobile: string) => REPLIES[hash(mobile) % REPLIES.length];

export function createSimulator(cfg: Config['simulator'], random: () => number = Math.random): CarrierConnector {
  return {
    reviewDelayMs: () => cfg.reviewMs,
    reportDelayMs: () => cfg.reportMs,
    report(_msg: OutboundMessage): CarrierReport {
      const r = random();
      if (r < cfg.successRate)
        return { mt_status: 0, report_result: '0', report_result_desc: 'DELIVRD', err_desc: null };
      if (r < cfg.successRate + cfg.failureRate) {
        const f = FAILURE_REPORTS[Math.floor(random() * FAILURE_REPORTS.length)];
        return { mt_status: 700, report_result: f.code, report_result_desc: f.desc, err_desc: `${f.code} ${f.desc}` };
      }
      return { mt_status: 600, report_result: null, report_result_desc: '状态报告超时', err_desc: 'report timeout' };
    },
    reply(msg, report) {
      if (report.mt_status !== 0 || random() >= cfg.replyRate) return null;
      return simulatedReplyFor(msg.mobile);
    },
  };
}
