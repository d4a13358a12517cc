import type { Language } from './constants';
import { DAILY_CAP_ACCOUNTS_MAX, DAILY_CAP_MAX, DUPLICATE_WINDOW_MAX_S, FREQUENCY_CAP_MAX, OPT_OUT_TEXT_MAX } from './endpoints/send-policy.endpoints';

// Messages of the enterprise's send policy: the settings form's rules (bounds written in from the contract, so a bound
// changed there changes what the form says), its save and who may make it.
export const SEND_POLICY_MESSAGES: Record<string, Record<Language, string>> = {
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
  'policy.optOutTextTooLong': { zh: `退订提示最多 ${OPT_OUT_TEXT_MAX} 个字`, en: `The opt-out text takes at most ${OPT_OUT_TEXT_MAX} characters` },
  'policy.saved': { zh: '发送策略已保存', en: 'Send policy saved' },
  'policy.adminOnly': { zh: '只有企业管理员可以查看和修改发送策略', en: "Only the enterprise's admin may see and change the send policy" },
  'activity.command.sendPolicy.modify': { zh: '修改发送策略', en: 'Change the send policy' },
  'activity.target.sendPolicy': { zh: '企业发送策略', en: "The enterprise's send policy" },
};
