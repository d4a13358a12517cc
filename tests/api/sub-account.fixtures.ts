/** A /customer/customerAdd (and customerModify) request that passes every creation rule, `over` on top: each test
 * names only the fields it is about. */
export const subAccountRequest = (over: Record<string, unknown> = {}) => ({
  cus_id: 'NEWSUB1',
  cus_name: '新子账号',
  password: 'pass123',
  interfacePassword: 'ifpass1',
  userIps: '',
  ext_number: '123',
  pushMode: 0,
  reportUrl: '',
  moUrl: '',
  maxConnections: 5,
  maxSpeed: 100,
  srcId: '',
  busCty: 'retail',
  prodType: 0,
  ...over,
});
