import { describe, expect, it } from 'vitest';
import { isAddressAllowed, parseAllowList, parseIp } from './ip-allow';

describe('user-IP allow list', () => {
  it('an empty list allows any address', () => {
    expect(isAddressAllowed('', '203.0.113.9')).toBe(true);
    expect(isAddressAllowed(' ， ', '::1')).toBe(true);
  });

  it('matches IPv4 addresses and ranges, separated as the console stores them', () => {
    const list = '10.0.0.1，192.168.1.0/24, 172.16.0.0/12;203.0.113.7';
    expect(isAddressAllowed(list, '10.0.0.1')).toBe(true);
    expect(isAddressAllowed(list, '10.0.0.2')).toBe(false);
    expect(isAddressAllowed(list, '192.168.1.255')).toBe(true);
    expect(isAddressAllowed(list, '192.168.2.1')).toBe(false);
    expect(isAddressAllowed(list, '172.31.255.255')).toBe(true);
    expect(isAddressAllowed(list, '172.32.0.0')).toBe(false);
    expect(isAddressAllowed(list, '::ffff:203.0.113.7')).toBe(true);
    expect(isAddressAllowed('0.0.0.0/0', '8.8.8.8')).toBe(true);
  });

  it('matches IPv6 addresses and ranges, and never mixes families', () => {
    const list = '2001:db8::/32, ::1, fe80::1%eth0';
    expect(isAddressAllowed(list, '2001:db8:ffff::1')).toBe(true);
    expect(isAddressAllowed(list, '2001:db9::1')).toBe(false);
    expect(isAddressAllowed(list, '0:0:0:0:0:0:0:1')).toBe(true);
    expect(isAddressAllowed(list, 'fe80::1')).toBe(true);
    expect(isAddressAllowed(list, '127.0.0.1')).toBe(false);
    expect(isAddressAllowed('::ffff:10.0.0.0/104', '10.1.2.3')).toBe(true);
    expect(isAddressAllowed('10.0.0.0/8', '2001:db8::1')).toBe(false);
  });

  it('parses embedded IPv4 in IPv6', () => {
    expect(parseIp('64:ff9b::192.0.2.33')).toEqual({
      version: 6,
      value: (0x64n << 112n) | (0xff9bn << 96n) | 0xc0000221n,
    });
    expect(parseIp('::ffff:127.0.0.1')).toEqual({ version: 4, value: 0x7f000001n });
    expect(parseIp('nonsense')).toBeNull();
  });

  it('fails closed on any malformed entry', () => {
    for (const entry of [
      '10.0.0.256',
      '10.0.0.0/33',
      '2001:db8::/129',
      'example.com',
      '10.0.0.1/',
      '10.0.0/8',
      '1.2.3.4/-1',
      ':::1',
    ]) {
      expect(parseAllowList(`10.0.0.1, ${entry}`)).toEqual({ kind: 'invalid', entry });
      expect(isAddressAllowed(`10.0.0.1, ${entry}`, '10.0.0.1')).toBe(false);
    }
  });

  it('an unreadable remote address is refused when a list is set', () => {
    expect(isAddressAllowed('10.0.0.1', undefined)).toBe(false);
    expect(isAddressAllowed('10.0.0.1', 'garbage')).toBe(false);
  });
});
