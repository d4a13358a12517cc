import {
  CAPTCHA_LENGTH,
  EXTENSION_MAX_DIGITS,
  type Language,
  LOGIN_PASSWORD_MIN,
  SMS_CODE_LENGTH,
  SUB_ACCOUNT_ID_MAX,
  SUB_ACCOUNT_ID_MIN,
  SUB_ACCOUNT_PASSWORD_MAX,
  SUB_ACCOUNT_PASSWORD_MIN,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from './constants';
import { LOG_UPLOAD_MAX_ENTRIES } from './endpoints/log.endpoints';
import { STATE_MESSAGES } from './states.messages';

const MB = UPLOAD_MAX_BYTES / 1024 / 1024;
const EXTS = UPLOAD_EXTENSIONS.join('/');
const SUB_PW = `${SUB_ACCOUNT_PASSWORD_MIN}-${SUB_ACCOUNT_PASSWORD_MAX}`;

// Messages of the validation rules (keys start with `v.`), plus the state labels of states.ts.
// The route layer fills {field}; limits are written in from constants.ts.
export const VALIDATION_MESSAGES: Record<string, Record<Language, string>> = {
  ...STATE_MESSAGES,
  'v.mobile.required': { zh: '手机号不能为空', en: 'The mobile number is required' },
  'v.mobile.invalid': { zh: '手机号格式不正确（11 位手机号）', en: 'The mobile number is not valid (11 digits)' },
  'v.url.invalid': {
    zh: '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
  },
  'v.url.credentials': { zh: '链接中不能包含用户名或密码', en: 'The link may not contain a user name or password' },
  'v.url.internal': {
    zh: '回调地址必须是公网地址，不能指向本机、内网或云元数据服务',
    en: 'The address must be on the public internet, not the local host, a private network or a cloud metadata service',
  },

  'v.login.accountRequired': { zh: '请输入账号', en: 'Please enter the account' },
  'v.login.passwordRequired': { zh: '请输入密码', en: 'Please enter the password' },
  'v.login.passwordMin': {
    zh: `密码长度最少为 ${LOGIN_PASSWORD_MIN} 位`,
    en: `The password must be at least ${LOGIN_PASSWORD_MIN} characters`,
  },
  'v.login.captchaRequired': { zh: '请输入验证码', en: 'Please enter the captcha' },
  'v.login.captchaLength': { zh: `验证码为 ${CAPTCHA_LENGTH} 位`, en: `The captcha has ${CAPTCHA_LENGTH} characters` },
  'v.login.smsCodeRequired': { zh: '请输入短信验证码', en: 'Please enter the SMS code' },
  'v.login.smsCodeFormat': {
    zh: `短信验证码为 ${SMS_CODE_LENGTH} 位数字`,
    en: `The SMS code is ${SMS_CODE_LENGTH} digits`,
  },

  'v.lock.passwordRequired': { zh: '锁屏密码不能为空', en: 'Lock password cannot be empty' },

  'v.subAccount.idRequired': { zh: '请输入账号', en: 'Please enter the account id' },
  'v.subAccount.idFormat': {
    zh: `账号为 ${SUB_ACCOUNT_ID_MIN}-${SUB_ACCOUNT_ID_MAX} 位字母或数字`,
    en: `The account id is ${SUB_ACCOUNT_ID_MIN}-${SUB_ACCOUNT_ID_MAX} letters or digits`,
  },
  'v.subAccount.nameRequired': { zh: '请输入账号名称', en: 'Please enter the account name' },
  'v.subAccount.nameTooLong': { zh: '名称最多 50 个字符', en: 'The name may have at most 50 characters' },
  'v.subAccount.passwordRequired': { zh: '请输入登录密码', en: 'Please enter the login password' },
  'v.subAccount.interfacePasswordRequired': { zh: '请输入接口密码', en: 'Please enter the interface password' },
  'v.subAccount.passwordLength': { zh: `密码长度为 ${SUB_PW} 位`, en: `The password must be ${SUB_PW} characters` },
  'v.subAccount.ipsInvalid': {
    zh: '用户 IP 须为以逗号分隔的 IPv4 或 IPv6 地址或网段（如 10.0.0.0/24）',
    en: 'User IPs must be IPv4 or IPv6 addresses or ranges (like 10.0.0.0/24) separated by commas',
  },
  'v.subAccount.extRequired': { zh: '请输入扩展号', en: 'Please enter the extension' },
  'v.subAccount.extFormat': {
    zh: `扩展号为 1-${EXTENSION_MAX_DIGITS} 位数字`,
    en: `The extension is 1-${EXTENSION_MAX_DIGITS} digits`,
  },
  'v.subAccount.srcIdFormat': {
    zh: '源号码只能是最多 20 位数字',
    en: 'The source sender id may be up to 20 digits only',
  },
  'v.subAccount.pushModeRequired': { zh: '请选择推送方式', en: 'Please choose the push mode' },
  'v.subAccount.reportUrlRequired': {
    zh: '主动推送时必须填写状态报告回调地址',
    en: 'The report callback address is required for proactive push',
  },
  'v.subAccount.moUrlRequired': {
    zh: '主动推送时必须填写上行回调地址',
    en: 'The uplink callback address is required for proactive push',
  },
  'v.subAccount.reportBatch': {
    zh: '每次推送的报告数须为 1 到 100 的整数',
    en: 'Reports per callback must be a whole number from 1 to 100',
  },
  'v.subAccount.maxConnections': { zh: '最大连接数须为正整数', en: 'Max connections must be a positive whole number' },
  'v.subAccount.maxSpeed': { zh: '最大速度须为正整数', en: 'Max speed must be a positive whole number' },
  'v.subAccount.busCtyRequired': { zh: '请选择业务类型', en: 'Please choose the business type' },
  'v.subAccount.prodTypeRequired': { zh: '请选择产品类型', en: 'Please choose the product type' },

  'v.recharge.accountRequired': { zh: '请选择账号', en: 'Please choose an account' },
  'v.subAccount.idExists': { zh: '账号已存在', en: 'That account id already exists' },
  'v.warn.balanceInvalid': {
    zh: '预警余额须为不小于 0 的数字，最多两位小数',
    en: 'The warning balance must be 0 or more with at most two decimals',
  },
  'v.warn.mobilesRequired': {
    zh: '开启预警时至少填写一个手机号',
    en: 'At least one mobile is required when the warning is on',
  },
  'v.warn.tooManyMobiles': { zh: '最多 5 个预警手机号', en: 'At most 5 warning mobiles' },
  'v.crud.nameRequired': { zh: '请输入名称', en: 'Please enter the name' },
  'v.crud.idRequired': { zh: '缺少编号', en: 'The id is missing' },
  'v.recharge.amountRequired': { zh: '请输入充值金额', en: 'Please enter the amount' },
  'v.recharge.amountFormat': {
    zh: '金额须为大于 0 的数字，最多两位小数',
    en: 'The amount must be a number above 0 with at most two decimals',
  },
  'v.recharge.exceedsBalance': {
    zh: '充值金额不能超过企业余额',
    en: 'The amount cannot exceed the enterprise balance',
  },

  'v.settings.oldPasswordRequired': { zh: '请输入原密码', en: 'Please enter the old password' },
  'v.settings.newPasswordRequired': { zh: '请输入新密码', en: 'Please enter the new password' },
  'v.settings.confirmPasswordRequired': { zh: '请再次输入新密码', en: 'Please confirm the new password' },
  'v.settings.passwordWeak': {
    zh: `新密码至少 ${LOGIN_PASSWORD_MIN} 位，且须同时包含字母和数字`,
    en: `The new password needs at least ${LOGIN_PASSWORD_MIN} characters with both letters and digits`,
  },
  'v.settings.passwordSameAsOld': { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  'v.settings.oldPasswordWrong': { zh: '原密码错误', en: 'The old password is wrong' },
  'v.settings.passwordMismatch': { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  'v.settings.cardNameRequired': { zh: '请输入证件姓名', en: 'Please enter the name on the card' },
  'v.settings.cardNameInvalid': { zh: '证件姓名格式不正确', en: 'The name on the card is not valid' },
  'v.settings.cardNumberRequired': { zh: '请输入身份证号', en: 'Please enter the ID card number' },
  'v.settings.cardNumberInvalid': { zh: '身份证号格式不正确', en: 'The ID card number is not valid' },
  'v.settings.reportUrlRequired': { zh: '请输入状态报告推送地址', en: 'Please enter the report push address' },
  'v.settings.moUrlRequired': { zh: '请输入上行推送地址', en: 'Please enter the uplink push address' },

  'v.intl.accountRequired': { zh: '请选择发送账号', en: 'Please choose a send account' },
  'v.intl.contentRequired': { zh: '短信内容不能为空', en: 'Message content cannot be empty' },
  'v.intl.noValidNumber': {
    zh: '有效号码数必须大于 0（每行一个，须带国家代码）',
    en: 'There must be more than 0 valid numbers (one per line, with the country code)',
  },
  'v.intl.senderIdFormat': {
    zh: '发送方 ID 只能包含字母和数字（最多 11 位，纯数字最多 15 位）',
    en: 'The sender id may contain letters and digits only (up to 11, or 15 digits)',
  },
  'v.intl.timingRequired': { zh: '请选择定时时间', en: 'Please choose the scheduled time' },
  'v.intl.timingTooSoon': {
    zh: '定时时间须至少在 10 分钟之后',
    en: 'The scheduled time must be at least 10 minutes ahead',
  },
  'v.intl.insufficientBalance': { zh: '余额不足', en: 'Insufficient balance' },

  'v.template.idRequired': { zh: '缺少模板编号', en: 'The template id is missing' },
  'v.template.accountRequired': { zh: '请选择账号', en: 'Please choose an account' },
  'v.template.contentRequired': { zh: '模板内容不能为空', en: 'The template content cannot be empty' },
  'v.template.contentTooLong': {
    zh: '模板内容最多 1000 个字符',
    en: 'The template content may have at most 1000 characters',
  },
  'v.template.keywordTooLong': { zh: '关键字最多 30 个字符', en: 'The keyword may have at most 30 characters' },
  'v.template.titleRequired': { zh: '请输入标题', en: 'Please enter the title' },
  'v.template.nameRequired': { zh: '请输入模板名称', en: 'Please enter the template name' },
  'v.template.titleTooLong': { zh: '标题最多 100 个字符', en: 'The title may have at most 100 characters' },
  'v.template.signTooLong': { zh: '签名最多 20 个字符', en: 'The signature may have at most 20 characters' },
  'v.template.framesRequired': { zh: '至少需要一帧内容', en: 'At least one frame is required' },
  'v.template.tooManyFrames': { zh: '最多 20 帧', en: 'At most 20 frames' },
  'v.template.frameMaterialRequired': { zh: '第 {n} 帧：请上传素材', en: 'Frame {n}: upload a material' },
  'v.template.chatbotRequired': { zh: '请选择 Chatbot', en: 'Please choose a chatbot' },
  'v.template.lowTypeInvalid': { zh: '回落类型不正确', en: 'The fallback type is not valid' },
  'v.template.cardsRequired': { zh: '至少需要一张卡片', en: 'At least one card is required' },
  'v.template.tooManyCards': { zh: '最多 15 张卡片', en: 'At most 15 cards' },
  'v.template.smsFallbackRequired': { zh: '请填写回落短信内容', en: 'Please enter the fallback SMS text' },
  'v.template.videoFallbackRequired': {
    zh: '请填写回落视频短信的标题和帧',
    en: 'Please give the fallback video message a title and frames',
  },
  'v.template.readFallbackRequired': { zh: '请填写回落阅信内容', en: 'Please enter the fallback reading-message text' },
  // {names}: the offending placeholders as written; ${p1} is no parameter of translate(), so it stays as written
  'v.template.placeholderInvalid': {
    zh: '变量 {names} 写法不对，变量写作 ${p1}、${p2}…',
    en: 'Variable {names} is not valid: variables are written ${p1}, ${p2}, …',
  },

  'v.upload.type': { zh: `只能上传 ${EXTS} 文件`, en: `Only ${EXTS} files can be uploaded` },
  'v.upload.empty': { zh: '文件为空', en: 'The file is empty' },
  'v.upload.tooLarge': { zh: `文件不能超过 ${MB} MB`, en: `The file cannot exceed ${MB} MB` },

  'v.addressBook.nameRequired': { zh: '请输入姓名', en: 'Please enter the name' },
  'v.addressBook.groupRequired': { zh: '请选择分组', en: 'Please choose a group' },
  'v.addressBook.groupNameRequired': { zh: '请输入分组名称', en: 'Please enter the group name' },
  'v.addressBook.groupNameTooLong': {
    zh: '分组名称最多 50 个字符',
    en: 'The group name may have at most 50 characters',
  },
  'v.addressBook.tooLong': { zh: '内容过长', en: 'Too long' },
  'v.addressBook.emailInvalid': { zh: '邮箱格式不正确', en: 'The email address is not valid' },
  'v.addressBook.genderInvalid': { zh: '性别不正确', en: 'The gender is not valid' },
  'v.addressBook.birthdayInvalid': { zh: '生日格式应为 YYYY-MM-DD', en: 'The birthday must be YYYY-MM-DD' },

  'v.addressBook.memberRequired': { zh: '请选择联系人', en: 'Please choose a contact' },
  'v.addressBook.groupExists': { zh: '分组名称已存在', en: 'A group with that name already exists' },
  'v.addressBook.memberExists': { zh: '该手机号已在分组中', en: 'That mobile is already in the group' },
  'v.upload.fileRequired': { zh: '请先上传文件', en: 'Please upload a file first' },
  'v.shortLink.urlRequired': { zh: '请输入链接', en: 'Please enter the link' },
  'v.shortLink.urlTooLong': { zh: '链接最多 2000 个字符', en: 'The link may have at most 2000 characters' },
  'v.shortLink.notFound': { zh: '短链接不存在', en: 'No such short link' },
  'v.interact.contentRequired': { zh: '回复内容不能为空', en: 'The reply cannot be empty' },

  // Field bounds of every request (contract/bounds.ts), named by the route layer; never zod's English text.
  'v.badText': {
    zh: '参数 {field} 含有无法保存的字符（空字符或不成对的代理项）',
    en: '{field} contains characters that cannot be stored (NUL or an unpaired surrogate)',
  },
  'v.field.tooLong': { zh: '参数 {field} 最多 {max} 个字符', en: '{field} may have at most {max} characters' },
  'v.field.tooShort': { zh: '参数 {field} 至少 {min} 个字符', en: '{field} must have at least {min} characters' },
  'v.field.tooLarge': { zh: '参数 {field} 不能大于 {max}', en: '{field} must be at most {max}' },
  'v.field.tooSmall': { zh: '参数 {field} 不能小于 {min}', en: '{field} must be at least {min}' },
  'v.field.tooMany': { zh: '参数 {field} 最多 {max} 项', en: '{field} may have at most {max} items' },
  'v.field.tooFew': { zh: '参数 {field} 至少 {min} 项', en: '{field} must have at least {min} items' },
  'v.field.notInteger': { zh: '参数 {field} 须为整数', en: '{field} must be a whole number' },
  'v.field.wrongType': { zh: '参数 {field} 的类型不正确', en: '{field} has the wrong type' },
  'v.field.format': { zh: '参数 {field} 的格式不正确', en: '{field} is not in the expected format' },
  'v.field.notAllowed': { zh: '参数 {field} 的取值不在允许范围内', en: '{field} is not one of the allowed values' },
  'v.field.unknownKey': { zh: '参数 {field} 含有未知字段：{keys}', en: '{field} has unknown fields: {keys}' },
  'v.field.tooDeep': { zh: '参数 {field} 嵌套过深', en: '{field} is nested too deeply' },
  'v.field.invalid': { zh: '参数 {field} 不合法', en: '{field} is not valid' },

  'v.logs.tooMany': {
    zh: `一次最多上传 ${LOG_UPLOAD_MAX_ENTRIES} 条日志`,
    en: `At most ${LOG_UPLOAD_MAX_ENTRIES} log entries per upload`,
  },

  'v.timedEdit.contentRequired': { zh: '短信内容不能为空', en: 'Content cannot be empty' },
  'v.timedEdit.batchRequired': { zh: '缺少定时批次号', en: 'The timed batch number is missing' },
};
