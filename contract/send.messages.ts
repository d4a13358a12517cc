import type { Language } from './constants';

// Messages of the send workspace (issue 10) that the console shows before and after a send; the platform's own send
// messages are in messaging.messages.ts.
export const SEND_MESSAGES: Record<string, Record<Language, string>> = {
  'send.accountRequired': { zh: '请选择发送账号', en: 'Choose a sending account' },
  'send.chatbotRequired': { zh: '请选择 Chatbot', en: 'Choose a chatbot' },
  'send.linkRequired': { zh: '请填写以 http:// 或 https:// 开头的链接', en: 'Give a link starting with http:// or https://' },
  'send.checkFailed': { zh: '号码检查失败，请重试', en: 'Checking the numbers failed, please try again' },
  'send.queued': { zh: '当前离线，发送已排队，联网后自动提交', en: 'Offline: the send is queued and goes out when the network returns' },
  'send.queuedRecord': { zh: '排队中（离线）', en: 'Queued (offline)' },
  'send.rejected': { zh: '发送被拒绝', en: 'The send was refused' },
  'send.xlsUnsupported': { zh: '无法读取该 xls 文件，请检查文件或另存为 xlsx 后重试', en: 'This .xls file cannot be read; check it or save it as xlsx and try again' },
};
