import type { Language } from './constants';
import { MESSAGING_MESSAGES } from './messaging.messages';
import { VALIDATION_MESSAGES } from './validation.messages';
import { TOOLS_MESSAGES } from './tools.messages';
import { ACCOUNT_MESSAGES } from './account.messages';
import { LIBRARY_MESSAGES } from './library.messages';
import { SEND_MESSAGES } from './send.messages';
import { OPERATOR_MESSAGES } from './operator.messages';
import { INTEGRATOR_MESSAGES } from './integrator.messages';
import { CARRIER_MESSAGES } from './carrier.messages';
import { NOTICE_MESSAGES } from './notice.messages';
import { BLACKLIST_MESSAGES } from './blacklist.messages';
import { POLICY_MESSAGES } from './policy.messages';
import { REPLY_RULE_MESSAGES } from './reply-rule.messages';

// Messages that both the platform (answers in the caller's language) and the console (form validation) show.
// Keys are stable; `{name}` placeholders are filled by translate().
export const MESSAGES = {
  'error.unknown': { zh: '未知错误', en: 'Unknown error' },
  'error.notFound': { zh: '接口不存在', en: 'No such endpoint' },
  'error.malformedJson': { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  'error.bodyTooLarge': { zh: '请求体过大（上限 {limit}）', en: 'The request body is too large (limit {limit})' },
  'error.invalidField': { zh: '参数 {field} 不合法：{reason}', en: 'Invalid {field}: {reason}' },
  'error.requiredField': { zh: '参数 {field} 不能为空', en: '{field} is required' },
  'error.unauthorized': { zh: '登录已失效，请重新登录', en: 'Your session has expired, please log in again' },
  'error.forbidden': { zh: '无权访问', en: 'Access denied' },
  'error.tooManyRequests': { zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  'error.idempotencyMismatch': {
    zh: '该 {header} 已用于另一个请求：重试须与原请求完全相同，新请求请使用新的 {header}',
    en: 'This {header} was already used for a different request: a retry must repeat the original exactly; use a new {header} for a new request',
  },
  'error.idempotencyKeyFormat': {
    zh: '{field} 须为 1-200 个可见 ASCII 字符',
    en: '{field} must be 1-200 printable ASCII characters',
  },
  'error.badRequest': { zh: '请求不合法', en: 'Bad request' },
  'error.idempotencyInProgress': { zh: '相同请求正在处理中', en: 'The same request is still being processed' },
  'error.unsupportedMediaType': { zh: '不支持的内容类型', en: 'Unsupported content type' },
  'error.shuttingDown': {
    zh: '服务正在停止，请稍后重试',
    en: 'The service is shutting down, please try again shortly',
  },
  'login.success': { zh: '登录成功', en: 'Login successful' },
  'login.failure': { zh: '登录失败', en: 'Login failed' },
  'login.badCredentials': { zh: '账号或密码错误', en: 'Wrong account or password' },
  'login.badCaptcha': { zh: '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  // a login that carried none where one is needed: the form had none to show until now
  'login.captchaNeeded': { zh: '请输入图形验证码', en: 'Please enter the captcha' },
  'login.badSmsCode': { zh: '短信验证码错误或已过期', en: 'The SMS code is wrong or has expired' },
  'login.accountClosed': { zh: '账号已关闭', en: 'This account is closed' },
  'login.tooManyAttempts': { zh: '登录尝试过多，请稍后再试', en: 'Too many login attempts, please try again later' },
  'login.codeSendFailure': { zh: '验证码发送失败', en: 'Verification code sending failed' },
  'login.codeResendWait': {
    zh: '请 {seconds} 秒后再获取验证码',
    en: 'Please wait {seconds} s before requesting another code',
  },
  'login.phoneMismatch': { zh: '手机号与账号不匹配', en: 'The phone number does not match the account' },
  'login.badPasswordEncoding': { zh: '密码须为 Base64 编码', en: 'The password must be Base64-encoded' },
  'register.exists': { zh: '企业账号已存在', en: 'That enterprise account already exists' },
  'register.success': { zh: '注册成功', en: 'Registration successful' },
  'register.codeLimited': {
    zh: '获取验证码过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many codes requested, please try again in {minutes} min',
  },
  'register.codeBusy': {
    zh: '验证码发送繁忙，请稍后再试',
    en: 'Too many codes are being sent right now, please try again in a minute',
  },
  'captcha.tooMany': {
    zh: '图形验证码请求过于频繁，请稍后再试',
    en: 'Too many captchas requested, please try again later',
  },
  'logout.success': { zh: '已退出登录', en: 'Logged out' },
  'common.ok': { zh: '操作成功', en: 'Done' },
  'common.added': { zh: '新增成功', en: 'Added successfully' },
  'common.updated': { zh: '更新成功', en: 'Updated successfully' },
  'common.deleted': { zh: '删除成功', en: 'Deleted successfully' },
  'crud.notFound': { zh: '该记录不存在或已删除', en: 'No such item, or it was deleted' },
  'product.notEnabled': {
    zh: '该产品尚未开通，请提交申请开通',
    en: 'This product is not yet enabled, submit an application to enable it',
  },
  'logs.sent': { zh: '发送成功', en: 'Sent successfully' },
  'logs.cleared': { zh: '清除成功', en: 'Cleared successfully' },
  'login.locked': {
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed logins, please try again in {minutes} min',
  },
  'login.codeSent': { zh: '验证码已发送', en: 'Verification code sent' },
  'login.badPhone': { zh: '请输入 11 位手机号', en: 'Enter an 11-digit mobile number' },
  'login.refreshed': { zh: '登录已续期', en: 'Session extended' },
  'register.badEpId': {
    zh: '企业账号须为 6-10 位字母或数字',
    en: 'The enterprise account must be 6-10 letters or digits',
  },
  'register.weakPassword': {
    zh: '密码至少 6 位，且须同时包含字母和数字',
    en: 'The password needs at least 6 characters with both letters and digits',
  },
  'sms.loginCode': {
    zh: '您的登录验证码为 {code}，{minutes} 分钟内有效，请勿泄露。',
    en: 'Your login code is {code}, valid for {minutes} min. Do not share it.',
  },
  'sms.registerCode': {
    zh: '您的注册验证码为 {code}，{minutes} 分钟内有效，请勿泄露。',
    en: 'Your registration code is {code}, valid for {minutes} min. Do not share it.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export type Catalogue = Record<string, Record<Language, string>>;
const catalogue: Catalogue = {
  ...MESSAGES,
  ...VALIDATION_MESSAGES,
  ...MESSAGING_MESSAGES,
  ...TOOLS_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...LIBRARY_MESSAGES,
  ...SEND_MESSAGES,
  ...OPERATOR_MESSAGES,
  ...INTEGRATOR_MESSAGES,
  ...CARRIER_MESSAGES,
  ...NOTICE_MESSAGES,
  ...BLACKLIST_MESSAGES,
  ...POLICY_MESSAGES,
  ...REPLY_RULE_MESSAGES,
};

export function isMessageKey(key: string): boolean {
  return key in catalogue || `${key}_other` in catalogue;
}

/** A message that counts something has a form per plural category, named as i18next names them (`key_one`,
 * `key_other`): its numeric `count` picks the form by the language's rules (Chinese has only `other`). */
function entryOf(lang: Language, key: string, params: MessageParams): Record<Language, string> | undefined {
  if (key in catalogue) return catalogue[key];
  const form = typeof params.count === 'number' ? new Intl.PluralRules(lang).select(params.count) : 'other';
  return catalogue[`${key}_${form}`] ?? catalogue[`${key}_other`];
}

export function translate(lang: Language, key: string, params: MessageParams = {}): string {
  const entry = entryOf(lang, key, params);
  const text = entry ? entry[lang] : key;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}
