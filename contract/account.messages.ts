import type { Language } from './constants';

// Platform messages of accounts and money: sub-accounts, charges, and the personal-settings answers.
export const ACCOUNT_MESSAGES = {
  'smpp.bindEnding': { zh: '连接正在断开', en: 'The bind is being ended' },
  'smpp.bindGone': { zh: '该连接已不存在', en: 'That bind no longer exists' },
  'v.settings.codeInvalid': { zh: '请输入 6 位短信验证码', en: 'Enter the 6-digit SMS code' },
  'v.settings.passwordWrong': { zh: '密码错误', en: 'The password is wrong' },
  'customer.openFailure': { zh: '开户失败', en: 'Open account failure' },
  'customer.closeFailure': { zh: '关户失败', en: 'Close account failure' },
  'customer.editFailure': { zh: '无法编辑该账号', en: 'Unable to edit account' },
  'customer.opened': { zh: '开户成功', en: 'Account opened' },
  'customer.modified': { zh: '修改成功', en: 'Account updated' },
  'customer.closed': { zh: '关户成功', en: 'Account closed' },
  'customer.charged': { zh: '充值成功', en: 'Charged successfully' },
  'customer.notAllowed': { zh: '当前账号无权管理子账号', en: 'This account may not manage sub-accounts' },
  'customer.prodNotHeld': {
    zh: '企业未开通该产品，不能授予子账号',
    en: 'The enterprise does not hold this product and cannot grant it',
  },
  'settings.passwordChanged': {
    zh: '密码修改成功，其他登录已退出',
    en: 'Password changed; your other sessions have ended',
  },
  'settings.mobileChanged': { zh: '手机号修改成功', en: 'Mobile changed' },
  'settings.codeSent': { zh: '验证码已发送到新手机号', en: 'A code was sent to the new mobile' },
  'settings.badCode': { zh: '验证码错误或已过期', en: 'The code is wrong or has expired' },
  'settings.certified': { zh: '认证信息已提交', en: 'Certification saved' },
  'settings.pushNeedsUrls': {
    zh: '请先设置状态报告和上行推送地址',
    en: 'Set the report and uplink push addresses first',
  },
  'settings.secretRotated': { zh: '应用密钥已重置', en: 'The app secret was rotated' },
  'callback.failed': { zh: '投递失败', en: 'Delivery failed' },
  'callback.httpStatus': { zh: '接收方返回 HTTP {status}', en: 'The receiver answered HTTP {status}' },
  'callback.addressRefused': {
    zh: '地址不允许（解析到内网地址）',
    en: 'Address not allowed (it resolves to an internal address)',
  },
  'warn.saved': { zh: '余额预警已保存', en: 'Balance warning saved' },
  'sms.balanceWarning': {
    zh: '【余额预警】您的账号 {cus_id} 当前余额 {balance} 元，已低于预警值 {threshold} 元，请及时充值。',
    en: '[Balance warning] Account {cus_id} has {balance} yuan left, below the warning level of {threshold} yuan. Please top up.',
  },
  'sms.mobileCode': {
    zh: '您正在修改手机号，验证码为 {code}，{minutes} 分钟内有效，请勿泄露。',
    en: 'Your code to change the mobile is {code}, valid for {minutes} min. Do not share it.',
  },
} as const satisfies Record<string, Record<Language, string>>;
