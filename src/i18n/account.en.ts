// Console texts of the account screens (sub-accounts, recharges, personal settings, API information), English.
export const ACCOUNT_EN: Record<string, unknown> = {
  screen: { subAccountList: 'Sub-accounts', rechargeList: 'Recharge records', infoSetting: 'Personal settings', apiInfo: 'API information' },
  menu: { apiInfo: 'API information' },
  account: {
    actions: 'Actions', add: 'Add sub-account', amount: 'Amount (yuan)', apiDoc: 'API document', apiDocFilter: 'Filter by path', apiDocHint: 'The OpenAPI document generated from the contract, also as a file:',
    apiSettings: 'IP allowlist and push mode', appId: 'Account id (appId)', appSecret: 'App secret', balance: 'Balance (yuan)', balanceWarning: 'Balance warning', busCty: 'Business type',
    callbacks: 'Callback deliveries', cardName: 'Name on the card', cardNumber: 'ID card number', cbAttempts: 'Attempts', cbDelivered: 'Delivered', cbFailed: 'Given up', cbKind: 'Kind', cbRef: 'Reference',
    cbLastError: 'Last error', cbPending: 'Retrying', certification: 'Certification', charge: 'Charge', chargeDetail: 'Charge detail', close: 'Close',
    confirmClose: 'Close account {{id}}? It can no longer log in and its sessions end at once.', confirmOpen: 'Open account {{id}}?',
    confirmPassword: 'Confirm the new password', confirmPush: 'Change the push addresses? Reports and replies will go to the new addresses.', confirmTitle: 'Please confirm', createTime: 'Created',
    cusId: 'Account', cusName: 'Account name', detail: 'Detail', empty: 'No data', epRecharges: 'Enterprise recharges', extNumber: 'Extension', hideSecret: 'Hide',
    interfacePassword: 'Interface password', isSet: 'Set', keyword: 'Account or name', loginPassword: 'Login password', maxConnections: 'Max connections', maxSpeed: 'Max speed (msg/s)',
    moUrl: 'Uplink push address', modifyCusName: 'Change customer name', modifyMobile: 'Change mobile', modifyPassword: 'Change password', newMobile: 'New mobile', newPassword: 'New password',
    notSet: 'Not set', off: 'Off', oldPassword: 'Old password', on: 'On', open: 'Open', operatorPatterns: 'Operator number ranges', passwordAgain: 'Enter your login password again',
    payType: 'Pay type', phone: 'Mobile', postBalance: 'Balance after', preBalance: 'Balance before', prodType: 'Product type', pushMode: 'Push mode',
    pushProactive: 'Proactive push', pushPull: 'Customer pulls', pushUrls: 'Push addresses', rechargeType: 'Recharge type', remark: 'Remark', reportUrl: 'Report push address',
    resendIn: 'Resend in {{s}} s', rotateSecret: 'Rotate secret', saved: 'Saved', save: 'Save', sendCode: 'Send code', smsCode: 'SMS code', srcId: 'Source sender id',
    status: 'Status', subRecharges: 'Sub-account recharges', time: 'Time', userIps: 'User IPs (comma separated)', viewSecret: 'View secret', warnBalance: 'Warning balance (yuan)',
    warnEnabled: 'Warning on', warnMobiles: 'Mobiles to warn (one per line, at most 5)', warnNotice: 'Balance warning: the balance of {{balance}} yuan is below the warning level of {{threshold}} yuan. Please top up.',
  },
};
