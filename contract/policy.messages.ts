import type { Language } from './constants';

// Messages of the send policy: its settings, and why a send or a number is refused by it.
export const POLICY_MESSAGES: Record<string, Record<Language, string>> = {
  'policy.badClock': { zh: '时间格式须为 HH:mm', en: 'A time is written HH:mm' },
  'policy.optOutText': { zh: '回T退订', en: 'Reply T to opt out' },
  'policy.adminOnly': { zh: '只有企业管理员可以修改发送策略', en: "Only the enterprise's admin may change the send policy" },
  'policy.saved': { zh: '发送策略已保存', en: 'Send policy saved' },
  'policy.accountNotInEnterprise': { zh: '账号 {cusId} 不属于本企业', en: 'Account {cusId} is not one of this enterprise' },
  'policy.reason.frequency.minute': { zh: '超过该号码每分钟发送上限', en: "Over the number's per-minute cap" },
  'policy.reason.frequency.hour': { zh: '超过该号码每小时发送上限', en: "Over the number's per-hour cap" },
  'policy.reason.frequency.day': { zh: '超过该号码每天发送上限', en: "Over the number's per-day cap" },
  'policy.reason.duplicate': { zh: '相同内容已在短时间内发送给该号码', en: 'The same text went to this number moments ago' },
  // a send whose every number the policy holds back, named by the reason most of them share
  'policy.allLimited.frequency.minute': { zh: '{n} 个号码均超过每分钟发送上限', en: 'All {n} numbers are over the per-minute cap' },
  'policy.allLimited.frequency.hour': { zh: '{n} 个号码均超过每小时发送上限', en: 'All {n} numbers are over the per-hour cap' },
  'policy.allLimited.frequency.day': { zh: '{n} 个号码均超过每天发送上限', en: 'All {n} numbers are over the per-day cap' },
  'policy.allLimited.duplicate': { zh: '{n} 个号码均在短时间内收到过相同内容', en: 'All {n} numbers got the same text moments ago' },
  'policy.optOutMissing': {
    zh: '营销短信须带退订说明（“{zh}”或“{en}”）',
    en: 'A marketing message must carry the opt-out text ("{zh}" or "{en}")',
  },
  'policy.dailyCapReached': {
    zh: '已达到账号每日发送上限 {cap} 条，今天还可发送 {left} 条',
    en: "This send would pass the account's daily cap of {cap} messages; {left} are left today",
  },
};
