import type { Language } from './constants';

// Messages of the send workspace that the console shows before and after a send; the platform's own send
// messages are in messaging.messages.ts.
export const SEND_MESSAGES: Record<string, Record<Language, string>> = {
  'send.accountRequired': { zh: '请选择发送账号', en: 'Choose a sending account' },
  'send.chatbotRequired': { zh: '请选择 Chatbot', en: 'Choose a chatbot' },
  'send.linkRequired': {
    zh: '请填写以 http:// 或 https:// 开头的链接',
    en: 'Give a link starting with http:// or https://',
  },
  'send.checkFailed': { zh: '号码检查失败，请重试', en: 'Checking the numbers failed, please try again' },
  'send.queued': {
    zh: '当前离线，发送已排队，联网后自动提交',
    en: 'Offline: the send is queued and goes out when the network returns',
  },
  'send.queuedRecord': { zh: '排队中（离线）', en: 'Queued (offline)' },
  'send.rejected': { zh: '发送被拒绝', en: 'The send was refused' },
  'send.timingRequired': { zh: '请填写定时发送时间', en: 'Give the time of the scheduled send' },
  'send.timingInvalid': { zh: '日期或时间无效', en: 'The date or time is not valid' },
  'send.placeholdersUnfilled': {
    zh: '内容含未填写的变量 {names}，请使用个性化群发',
    en: 'The content has unfilled variables {names}: use the personalised send',
  },
  'v.send.placeholdersUnfilled': {
    zh: '内容含未填写的变量（${pN}），请使用个性化群发',
    en: 'The content has unfilled variables (${pN}): use the personalised send',
  },
  'send.unpricedCountries': {
    zh: '以下国家/地区未配置价格：{countries}（共 {count} 个号码），请移除这些号码后再发送',
    en: 'No price is configured for {countries} ({count} numbers): remove those numbers to send',
  },
  'send.blacklistSkipped': {
    zh: '{n} 个号码在黑名单中（回复过退订），未发送、未计费',
    en: '{n} numbers are on the blacklist (they replied to unsubscribe): not sent, not charged',
  },
  'send.xlsUnsupported': {
    zh: '无法读取该 xls 文件，请检查文件或另存为 xlsx 后重试',
    en: 'This .xls file cannot be read; check it or save it as xlsx and try again',
  },
};
