import type { Language } from './constants';

// Platform messages of the tools area: short links, number checks, conversations.
export const TOOLS_MESSAGES: Record<string, Record<Language, string>> = {
  'shortLink.pageTitle': { zh: '链接不存在', en: 'Link not found' },
  'shortLink.pageBody': { zh: '该短链接不存在或已过期。', en: 'This short link does not exist or has expired.' },
  'shortLink.expired': { zh: '短链接已过期', en: 'The short link has expired' },
  'shortLink.expiryPast': { zh: '过期时间须晚于当前时间', en: 'The expiry must lie in the future' },
  'numberCheck.fileRequired': { zh: '请上传 xlsx 号码文件', en: 'Upload an xlsx file of numbers' },
  'numberCheck.badFile': { zh: '文件不是有效的 xlsx 表格', en: 'The file is not a valid xlsx spreadsheet' },
  'numberCheck.batchNotFound': { zh: '检测批次不存在', en: 'No such check batch' },
  'numberCheck.started': { zh: '检测已开始', en: 'The check has started' },
  'interact.accountNotVisible': { zh: '无权访问该账号的会话', en: "You may not see this account's conversations" },
};
