import { describe, expect, it } from 'vitest';
import {
  checkRechargeAmount,
  extensionSchema,
  isIpv4,
  parseIpList,
  rechargeFormSchema,
  subAccountFormSchema,
  subAccountIdSchema,
  subAccountRequestSchema,
} from './sub-account.rules';

const base = {
  cus_id: 'acct01',
  cus_name: 'Branch A',
  password: 'abc123',
  interfacePassword: 'xyz789',
  userIps: '10.0.0.1,192.168.1.20',
  ext_number: '1234',
  pushMode: 0,
  maxConnections: 5,
  maxSpeed: '200',
  srcId: '10691234',
  busCty: 'marketing',
  prodType: 0,
};
type Issue = { message: string; path: PropertyKey[] };
const issues = (input: unknown): Issue[] => subAccountFormSchema.safeParse(input).error?.issues ?? [];
const msgOf = (input: unknown) => issues(input)[0]?.message;

describe('sub-account form', () => {
  it('accepts a full form and coerces numbers', () => {
    const r = subAccountFormSchema.safeParse(base);
    expect(r.error).toBeUndefined();
    expect(r.data).toMatchObject({ maxSpeed: 200, reportUrl: '', moUrl: '' });
  });
  it('account id: 5 and 11 fail, 6 and 10 pass, letters and digits only', () => {
    expect(subAccountIdSchema.safeParse('abc12').error?.issues[0].message).toBe('v.subAccount.idFormat');
    expect(subAccountIdSchema.safeParse('abc123').success).toBe(true);
    expect(subAccountIdSchema.safeParse('abcde12345').success).toBe(true);
    expect(subAccountIdSchema.safeParse('abcde123456').error?.issues[0].message).toBe('v.subAccount.idFormat');
    expect(subAccountIdSchema.safeParse('abc_123').error?.issues[0].message).toBe('v.subAccount.idFormat');
    expect(subAccountIdSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['v.subAccount.idRequired']);
  });
  it('name required', () => {
    expect(msgOf({ ...base, cus_name: ' ' })).toBe('v.subAccount.nameRequired');
  });
  it('passwords 6-10 characters', () => {
    expect(msgOf({ ...base, password: '12345' })).toBe('v.subAccount.passwordLength');
    expect(msgOf({ ...base, password: '123456' })).toBeUndefined();
    expect(msgOf({ ...base, password: '1234567890' })).toBeUndefined();
    expect(msgOf({ ...base, password: '12345678901' })).toBe('v.subAccount.passwordLength');
    expect(msgOf({ ...base, interfacePassword: '' })).toBe('v.subAccount.interfacePasswordRequired');
    expect(issues({ ...base, interfacePassword: 'abcde' })[0]?.path).toEqual(['interfacePassword']);
  });
  it('user IPs: IPv4 and IPv6 addresses and ranges, separated by commas, semicolons or spaces; empty allowed', () => {
    expect(parseIpList('1.2.3.4, 5.6.7.8，9.9.9.9')).toEqual(['1.2.3.4', '5.6.7.8', '9.9.9.9']);
    expect(parseIpList('')).toEqual([]);
    expect(parseIpList('1.2.3.4,')).toBeNull();
    expect(parseIpList('256.1.1.1')).toBeNull();
    expect(isIpv4('01.2.3.4')).toBe(false);
    // IPv6 and CIDR ranges, as the SMPP server and the HTTP API check them
    expect(parseIpList('10.0.0.0/24; 2001:db8::/32 ::1  fe80::1:2:3:4，::ffff:1.2.3.4')).toEqual([
      '10.0.0.0/24',
      '2001:db8::/32',
      '::1',
      'fe80::1:2:3:4',
      '::ffff:1.2.3.4',
    ]);
    for (const bad of [
      '10.0.0.0/33',
      '2001:db8::/129',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      'fe80::1%eth0',
      '10.0.0.0/24/1',
      '12345::',
      'g::1',
      '1.2.3.4/',
    ])
      expect(parseIpList(bad), bad).toBeNull();
    expect(parseIpList('1:2:3:4:5:6:7:8')).toEqual(['1:2:3:4:5:6:7:8']);
    expect(isIpv4('255.255.255.255')).toBe(true);
    expect(msgOf({ ...base, userIps: '10.0.0.1;10.0.0.2' })).toBeUndefined();
    expect(msgOf({ ...base, userIps: '10.0.0.1, 10.0.0.0/40' })).toBe('v.subAccount.ipsInvalid');
    expect(msgOf({ ...base, userIps: '' })).toBeUndefined();
  });
  it('extension 1-13 digits: 13 pass, 14 fail', () => {
    expect(extensionSchema.safeParse('1').success).toBe(true);
    expect(extensionSchema.safeParse('1234567890123').success).toBe(true);
    expect(extensionSchema.safeParse('12345678901234').error?.issues[0].message).toBe('v.subAccount.extFormat');
    expect(extensionSchema.safeParse('12a').error?.issues[0].message).toBe('v.subAccount.extFormat');
    expect(extensionSchema.safeParse('').error?.issues[0].message).toBe('v.subAccount.extRequired');
  });
  it('callback addresses required only when push mode is proactive', () => {
    const push = { ...base, pushMode: 1 };
    expect(issues(push).map((i) => [i.path[0], i.message])).toEqual([
      ['reportUrl', 'v.subAccount.reportUrlRequired'],
      ['moUrl', 'v.subAccount.moUrlRequired'],
    ]);
    expect(msgOf({ ...push, reportUrl: 'https://a.example/r', moUrl: 'http://a.example/m' })).toBeUndefined();
    expect(msgOf({ ...push, reportUrl: 'ftp://a.example/r', moUrl: 'http://a.example/m' })).toBe('v.url.invalid');
    expect(msgOf({ ...push, reportUrl: 'https://u:p@a.example/r', moUrl: 'http://a.example/m' })).toBe(
      'v.url.credentials',
    );
  });
  it('the form wants public callback addresses; the request leaves their destination to the platform', () => {
    const push = { ...base, pushMode: 1, reportUrl: 'http://0x7f.1:8080/r', moUrl: 'http://a.example/m' };
    expect(issues(push).map((i) => [i.path[0], i.message])).toEqual([['reportUrl', 'v.url.internal']]);
    expect(
      issues({ ...push, reportUrl: 'https://a.example/r', moUrl: 'http://metadata.google.internal/' }).map(
        (i) => i.message,
      ),
    ).toEqual(['v.url.internal']);
    expect(subAccountRequestSchema.safeParse(push).success).toBe(true);
    expect(
      subAccountRequestSchema.safeParse({ ...push, reportUrl: 'http://u:p@127.0.0.1/r' }).error?.issues[0].message,
    ).toBe('v.url.credentials');
    expect(msgOf({ ...base, pushMode: 2 })).toBe('v.subAccount.pushModeRequired');
  });
  it('max connections and speed are positive integers', () => {
    for (const bad of [0, -1, 1.5, 'abc'])
      expect(msgOf({ ...base, maxConnections: bad })).toBe('v.subAccount.maxConnections');
    expect(msgOf({ ...base, maxSpeed: '0' })).toBe('v.subAccount.maxSpeed');
  });
  it('source sender id digits only, business and product type required', () => {
    expect(msgOf({ ...base, srcId: '1069abc' })).toBe('v.subAccount.srcIdFormat');
    expect(msgOf({ ...base, busCty: '' })).toBe('v.subAccount.busCtyRequired');
    expect(msgOf({ ...base, prodType: 3 })).toBe('v.subAccount.prodTypeRequired');
    expect(msgOf({ ...base, prodType: 6 })).toBeUndefined();
  });
});

describe('recharge amount', () => {
  it('well-formed: > 0, up to 2 decimals', () => {
    expect(checkRechargeAmount('100', 1000)).toBeNull();
    expect(checkRechargeAmount('0.01', 1000)).toBeNull();
    expect(checkRechargeAmount(12.5, 1000)).toBeNull();
    expect(checkRechargeAmount('', 1000)).toBe('v.recharge.amountRequired');
    for (const bad of ['0', '0.00', '-5', '1.234', 'abc', '1e3', '.5'])
      expect(checkRechargeAmount(bad, 1000), bad).toBe('v.recharge.amountFormat');
  });
  it('not above the enterprise balance, exact equality allowed', () => {
    expect(checkRechargeAmount('300.30', 300.3)).toBeNull();
    expect(checkRechargeAmount('300.31', 300.3)).toBe('v.recharge.exceedsBalance');
    expect(checkRechargeAmount('0.3', 0.1 + 0.2)).toBeNull();
  });
  it('as a form schema', () => {
    const schema = rechargeFormSchema(500);
    expect(schema.safeParse({ cus_id: 'acct01', amount: '200.5' }).data).toMatchObject({ amount: 200.5 });
    expect(schema.safeParse({ cus_id: 'acct01', amount: '600' }).error?.issues[0]).toMatchObject({
      path: ['amount'],
      message: 'v.recharge.exceedsBalance',
    });
  });
});
