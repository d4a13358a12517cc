import type { Language } from './constants';

// Messages of sending, timed batches, records and statistics.
export const MESSAGING_MESSAGES: Record<string, Record<Language, string>> = {
  'send.success': { zh: '提交成功', en: 'Submitted successfully' },
  'send.scheduled': { zh: '定时短信提交成功', en: 'Timed message scheduled' },
  'send.insufficientBalance': { zh: '余额不足', en: 'Insufficient balance' },
  'send.accountQueryFailed': { zh: '查询账号信息异常', en: 'Query account information exception' },
  'send.emptyContent': { zh: '短信内容不能为空', en: 'Message content cannot be empty' },
  'send.noValidMobile': { zh: '有效号码数必须大于 0', en: 'There must be more than 0 valid numbers' },
  'send.allBlacklisted': {
    zh: '全部 {n} 个号码都在黑名单中（回复过退订），没有可发送的号码',
    en: 'Every number is on the blacklist ({n}; they replied to unsubscribe): nothing to send',
  },
  'send.badTimingTime': { zh: '定时时间格式不正确', en: 'The scheduled time is not valid' },
  'send.timingTooSoon': {
    zh: '定时时间须至少在 {minutes} 分钟之后',
    en: 'The scheduled time must be at least {minutes} minutes ahead',
  },
  'send.badSenderId': { zh: '发送方 ID 只能包含字母和数字', en: 'The sender id may contain letters and digits only' },
  'send.noPrice': { zh: '该账号未配置此产品的价格', en: 'No price is configured for this account and product' },
  'send.noCountryPrice': { zh: '不支持发送到该国家/地区：{country}', en: 'Sending to {country} is not supported' },
  'send.chatbotNotFound': { zh: 'Chatbot 不存在', en: 'No such chatbot' },
  'send.videoContentRequired': {
    zh: '请选择视频模板或填写标题和帧内容',
    en: 'Choose a video template or give a title and frames',
  },
  'send.accountClosed': { zh: '账号已关闭', en: 'This account is closed' },
  'timed.notFound': { zh: '定时批次不存在', en: 'No such timed batch' },
  'timed.pauseSuccess': { zh: '暂停成功', en: 'Pause success' },
  'timed.pauseFailure': { zh: '暂停失败', en: 'Pause failure' },
  'timed.recoverSuccess': { zh: '恢复成功', en: 'Recovery success' },
  'timed.recoverFailure': { zh: '恢复失败', en: 'Recovery failure' },
  'timed.interceptSuccess': { zh: '拦截成功', en: 'Intercept success' },
  'timed.interceptFailure': { zh: '拦截失败', en: 'Intercept failure' },
  'timed.editSuccess': { zh: '编辑成功', en: 'Edit success' },
  'timed.editFailure': { zh: '编辑失败', en: 'Edit failure' },
  'timed.emptyContent': { zh: '定时短信内容不能为空', en: 'Timed message content cannot be empty' },
  'v.mtStatus': { zh: '发送状态只能是 0、100、500、600 或 700', en: 'The status must be 0, 100, 500, 600 or 700' },
  'records.statusHidden': {
    zh: '当前用户不能查看发送状态，无法按发送状态筛选',
    en: 'This user may not see delivery outcomes, so records cannot be filtered by status',
  },
  'v.source': { zh: '来源只能是 console、smpp 或 http', en: 'The source must be console, smpp or http' },
  'v.month': { zh: '月份格式应为 YYYYMM', en: 'The month must be written YYYYMM' },
  'numberCheck.noMobile': { zh: '请输入要检测的号码', en: 'Enter the numbers to check' },
  'numberCheck.tooMany': { zh: '一次最多检测 {max} 个号码', en: 'At most {max} numbers per check' },
  'aim.materialNotFound': { zh: '素材不存在', en: 'No such material' },
};
