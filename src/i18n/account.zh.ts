// Console texts of the account screens (sub-accounts, recharges, personal settings, API information), Chinese.
export const ACCOUNT_ZH: Record<string, unknown> = {
  screen: { subAccountList: '子账号管理', rechargeList: '充值记录', infoSetting: '个人设置', apiInfo: 'API 信息' },
  menu: { apiInfo: 'API 信息' },
  account: {
    actions: '操作', add: '新增子账号', amount: '金额（元）', apiDoc: 'API 文档', apiDocFilter: '按路径筛选', apiDocHint: '由接口契约生成的 OpenAPI 文档，也可下载：',
    apiSettings: 'IP 白名单与推送方式', appId: '账号 ID（appId）', appSecret: '应用密钥', balance: '余额（元）', balanceWarning: '余额预警', busCty: '业务类型',
    callbacks: '回调推送记录', cardName: '证件姓名', cardNumber: '身份证号', cbAttempts: '尝试次数', cbDelivered: '已送达', cbFailed: '已放弃', cbKind: '类型', cbRef: '编号',
    cbLastError: '最近错误', cbPending: '重试中', certification: '实名认证', charge: '充值', chargeDetail: '充值明细', close: '关户',
    confirmClose: '确定关闭账号 {{id}}？关闭后该账号将无法登录，已登录的会话立即失效。', confirmOpen: '确定开启账号 {{id}}？',
    confirmPassword: '确认新密码', confirmPush: '确定修改推送地址？修改后状态报告与上行将推送到新地址。', confirmTitle: '请确认', createTime: '创建时间',
    cusId: '账号', cusName: '账号名称', detail: '详情', empty: '暂无数据', epRecharges: '企业充值记录', extNumber: '扩展号', hideSecret: '隐藏',
    interfacePassword: '接口密码', isSet: '已设置', keyword: '账号或名称', loginPassword: '登录密码', maxConnections: '最大连接数', maxSpeed: '最大速度（条/秒）',
    moUrl: '上行推送地址', modifyCusName: '修改客户名称', modifyMobile: '修改手机号', modifyPassword: '修改密码', newMobile: '新手机号', newPassword: '新密码',
    notSet: '未设置', off: '关闭', oldPassword: '原密码', on: '开启', open: '开户', operatorPatterns: '运营商号段', passwordAgain: '请再次输入登录密码',
    payType: '付费方式', phone: '手机号', postBalance: '充值后余额', preBalance: '充值前余额', prodType: '产品类型', pushMode: '推送方式',
    pushProactive: '主动推送', pushPull: '客户拉取', pushUrls: '推送地址', rechargeType: '充值类型', remark: '备注', reportUrl: '状态报告推送地址',
    resendIn: '{{s}} 秒后重发', rotateSecret: '重置密钥', saved: '已保存', save: '保存', sendCode: '发送验证码', smsCode: '短信验证码', srcId: '源号码',
    status: '状态', subRecharges: '子账号充值记录', time: '时间', userIps: '用户 IP（逗号分隔）', viewSecret: '查看密钥', warnBalance: '预警余额（元）',
    warnEnabled: '开启预警', warnMobiles: '预警手机号（每行一个，最多 5 个）', warnNotice: '余额预警：当前余额 {{balance}} 元，已低于预警值 {{threshold}} 元，请及时充值。',
  },
};
