import type { Language } from './constants';
import {
  DAILY_CAP_ACCOUNTS_MAX,
  DAILY_CAP_MAX,
  DUPLICATE_WINDOW_MAX_S,
  FREQUENCY_CAP_MAX,
  OPT_OUT_TEXT_MAX,
} from './endpoints/send-policy.endpoints';

// Messages of the send policy: its settings form's rules (bounds written in from the contract, so a bound changed
// there changes what the form says), its save and who may make it, and why a send or a number is refused by it.
export const POLICY_MESSAGES: Record<string, Record<Language, string>> = {
  'policy.badClock': { zh: '请按 HH:mm 填写时间（00:00–23:59）', en: 'Enter a time as HH:mm (00:00–23:59)' },
  'policy.capRange': {
    zh: `须为 0–${FREQUENCY_CAP_MAX} 的整数（0 为不限）`,
    en: `Enter a whole number from 0 to ${FREQUENCY_CAP_MAX} (0: no cap)`,
  },
  'policy.windowRange': {
    zh: `须为 0–${DUPLICATE_WINDOW_MAX_S} 秒的整数（0 为关闭）`,
    en: `Enter whole seconds from 0 to ${DUPLICATE_WINDOW_MAX_S} (0: off)`,
  },
  'policy.dailyCapRange': {
    zh: `须为 0–${DAILY_CAP_MAX} 的整数（0 为不限）`,
    en: `Enter a whole number from 0 to ${DAILY_CAP_MAX} (0: no cap)`,
  },
  'policy.accountRequired': { zh: '请选择账号', en: 'Choose an account' },
  'policy.accountTwice': { zh: '该账号已有一行上限', en: 'This account already has a row' },
  'policy.tooManyAccounts': {
    zh: `最多为 ${DAILY_CAP_ACCOUNTS_MAX} 个账号单独设置上限`,
    en: `At most ${DAILY_CAP_ACCOUNTS_MAX} accounts may have their own cap`,
  },
  'policy.optOutTextRequired': { zh: '请填写退订提示', en: 'Enter the opt-out text' },
  'policy.optOutTextTooLong': {
    zh: `退订提示最多 ${OPT_OUT_TEXT_MAX} 个字`,
    en: `The opt-out text takes at most ${OPT_OUT_TEXT_MAX} characters`,
  },
  'activity.command.sendPolicy.modify': { zh: '修改发送策略', en: 'Change the send policy' },
  'activity.target.sendPolicy': { zh: '企业发送策略', en: "The enterprise's send policy" },
  'policy.optOutText': { zh: '回T退订', en: 'Reply T to opt out' },
  'policy.adminOnly': {
    zh: '只有企业管理员可以修改发送策略',
    en: "Only the enterprise's admin may change the send policy",
  },
  'policy.saved': { zh: '发送策略已保存', en: 'Send policy saved' },
  'policy.accountNotInEnterprise': {
    zh: '账号 {cusId} 不属于本企业',
    en: 'Account {cusId} is not one of this enterprise',
  },
  'policy.reason.frequency.minute': { zh: '超过该号码每分钟发送上限', en: "Over the number's per-minute cap" },
  'policy.reason.frequency.hour': { zh: '超过该号码每小时发送上限', en: "Over the number's per-hour cap" },
  'policy.reason.frequency.day': { zh: '超过该号码每天发送上限', en: "Over the number's per-day cap" },
  'policy.reason.duplicate': {
    zh: '相同内容已在短时间内发送给该号码',
    en: 'The same text went to this number moments ago',
  },
  // a send whose every number the policy holds back, named by the reason most of them share
  'policy.allLimited.frequency.minute': {
    zh: '{n} 个号码均超过每分钟发送上限',
    en: 'All {n} numbers are over the per-minute cap',
  },
  'policy.allLimited.frequency.hour': {
    zh: '{n} 个号码均超过每小时发送上限',
    en: 'All {n} numbers are over the per-hour cap',
  },
  'policy.allLimited.frequency.day': {
    zh: '{n} 个号码均超过每天发送上限',
    en: 'All {n} numbers are over the per-day cap',
  },
  'policy.allLimited.duplicate': {
    zh: '{n} 个号码均在短时间内收到过相同内容',
    en: 'All {n} numbers got the same text moments ago',
  },
  'policy.optOutMissing': {
    zh: '营销短信须带退订说明（“{zh}”或“{en}”）',
    en: 'A marketing message must carry the opt-out text ("{zh}" or "{en}")',
  },
  // counted forms, picked by {count} (translate): what is left of the day
  'policy.dailyCapReached_one': {
    zh: '已达到账号每日发送上限 {cap} 条，今天还可发送 {count} 条',
    en: "This send would pass the account's daily cap of {cap}; {count} message is left today",
  },
  'policy.dailyCapReached_other': {
    zh: '已达到账号每日发送上限 {cap} 条，今天还可发送 {count} 条',
    en: "This send would pass the account's daily cap of {cap}; {count} messages are left today",
  },
  'policy.quietHours': {
    zh: '营销短信不能在免打扰时段 {from}–{to} 发送',
    en: 'Marketing messages are not sent in the quiet hours {from}–{to}',
  },
  'policy.held': {
    zh: '营销短信在免打扰时段内，已暂存，将在时段结束时发送（可在定时短信中取消）',
    en: 'Held for the quiet hours: it goes out when they end (cancel it under timed sends)',
  },
};
