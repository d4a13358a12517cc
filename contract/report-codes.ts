import type { Language } from './constants';

// Delivery-report codes (CMPP/SGIP style, as the carriers and the simulator send them) with a plain explanation in
// each language, for the message detail and English screens. Unknown codes fall back to
// the carrier's own description.

const CATALOGUE: Record<string, { zh: string; en: string }> = {
  '0': { zh: '已送达用户手机', en: 'Delivered to the handset' },
  DELIVRD: { zh: '已送达用户手机', en: 'Delivered to the handset' },
  UNDELIV: { zh: '空号：号码不存在或已注销', en: 'Unassigned number: the number does not exist or was cancelled' },
  'MK:0001': { zh: '关机：用户手机关机或不在服务区', en: 'Switched off: the handset is off or out of coverage' },
  REJECTD: { zh: '拒收：用户或运营商拒绝接收', en: 'Rejected by the recipient or the carrier' },
  EXPIRED: { zh: '过期未送达：有效期内未能送达', en: 'Expired: not delivered within the validity period' },
  'MK:0005': { zh: '停机：号码已停机', en: 'Suspended: the number is out of service' },
  'DB:0141': { zh: '黑名单号码：号码在黑名单中', en: 'Blacklisted number' },
  'MI:0013': { zh: '用户欠费：号码欠费停机', en: 'Unpaid: the subscriber is in arrears' },
};

/** Descriptions the platform stores in Chinese, by code, so an English screen shows words instead. */
const TIMEOUT = { zh: '状态报告超时', en: 'No delivery report in time' };

/** The plain explanation of a report code in the language; null when the code is unknown and there is no text. */
export function explainReport(lang: Language, code: string | null | undefined, desc?: string | null): string | null {
  const c = (code ?? '').trim();
  const known = CATALOGUE[c] ?? (desc === TIMEOUT.zh ? TIMEOUT : undefined);
  if (known) return known[lang];
  return desc || c || null;
}

/** The short name of a report code (the explanation before its colon): what a status cell shows in brackets. */
export function reportLabel(lang: Language, code: string | null | undefined, desc?: string | null): string | null {
  const text = explainReport(lang, code, desc);
  return text && (CATALOGUE[(code ?? '').trim()] || desc === TIMEOUT.zh) ? text.split(/[:：]/)[0] : text;
}
