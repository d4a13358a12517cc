import type { Language } from './constants';

// Messages of the signed integrator API's refusals, one per stable error code.
export const INTEGRATOR_MESSAGES: Record<string, Record<Language, string>> = {
  'integrator.signatureInvalid': {
    zh: '签名无效：请按规范构造待签名串并使用该应用的密钥签名',
    en: "Invalid signature: build the canonical string as documented and sign it with the app's secret",
  },
  'integrator.headerMissing': { zh: '缺少请求头 {header}', en: 'The {header} header is missing' },
  'integrator.appIdUnknown': { zh: '应用 ID 不存在', en: 'Unknown app id' },
  'integrator.timestampExpired': {
    zh: '时间戳超出允许范围（与平台时间相差须在 {seconds} 秒内）',
    en: "The timestamp is out of range (it must be within {seconds} s of the platform's clock)",
  },
  'integrator.nonceReused': {
    zh: '该 nonce 已使用过，请每次请求使用新的 nonce',
    en: 'This nonce was already used: use a new nonce for every request',
  },
  'integrator.nonceFormat': {
    zh: 'X-Nonce 须为 8-64 个字母、数字、_ 或 -',
    en: 'X-Nonce must be 8-64 letters, digits, _ or -',
  },
  'integrator.ipNotAllowed': {
    zh: '请求来源 IP 不在该账号的白名单中',
    en: "The request's address is not in the account's allowed IPs",
  },
  'integrator.accountClosed': { zh: '账号已关闭', en: 'This account is closed' },
  'integrator.rateLimited': {
    zh: '超过账号的最大发送速度，请 {seconds} 秒后重试',
    en: "Over the account's maximum sending speed: retry in {seconds} s",
  },
  'integrator.insufficientBalance': { zh: '余额不足', en: 'Insufficient balance' },
  'integrator.senderNotAllowed': {
    zh: '发送号码须以账号的号码 {allowed} 开头；国际短信也可使用不超过 11 位字母和数字（或 15 位数字）的发送方 ID',
    en: "The sender must start with the account's address {allowed}; an international send may also name a sender id of up to 11 letters and digits (or 15 digits)",
  },
  'integrator.notFound': { zh: '消息不存在', en: 'No such message' },
  'integrator.noRoute': { zh: '接口不存在', en: 'No such call' },
  'integrator.idempotencyConflict': {
    zh: '该 Idempotency-Key 已用于另一个请求：重试须与原请求完全相同',
    en: 'This Idempotency-Key was already used for a different request: a retry must repeat the original exactly',
  },
  'integrator.rangeTooLong': { zh: '查询时间范围不能超过 {days} 天', en: 'The time range may not exceed {days} days' },
  'integrator.rangeReversed': { zh: '开始时间不能晚于结束时间', en: 'from must not be later than to' },
  'integrator.noSmsProduct': { zh: '该账号未开通短信产品', en: 'This account has no SMS product' },
  'integrator.unsupportedMediaType': {
    zh: '请求体须为 application/json',
    en: 'The request body must be application/json',
  },
  'v.integrator.clientRefTooLong': {
    zh: 'clientRef 不能超过 64 字节（UTF-8）',
    en: 'clientRef may not exceed 64 bytes (UTF-8)',
  },
};
