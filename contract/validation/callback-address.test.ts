import { describe, expect, it } from 'vitest';
import { callbackUrlProblem, isInternalAddress, isInternalHost, parseIpv6 } from './callback-address';

/** Every spelling of an internal destination a customer could type as a push address. */
const INTERNAL_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata/computeMetadata/v1/',
  'http://10.0.0.5/hook',
  'http://172.16.3.4/hook',
  'http://192.168.1.10:8080/hook',
  'http://100.64.0.1/hook',
  'http://100.100.100.200/latest/meta-data/',
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  'http://127.0.0.1:9/hook',
  'http://[::1]/hook',
  'http://0.0.0.0/hook',
  'http://2130706433/hook',
  'http://0x7f.1/hook',
  'http://127.1/hook',
  'http://017700000001/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:169.254.169.254]/hook',
  'http://[::127.0.0.1]/hook',
  'http://[::]/hook',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://[fe80::1]/hook',
  'http://[fc00::1]/hook',
  'http://[ff02::1]/hook',
  'http://[64:ff9b::a00:1]/hook',
  'http://[2002:c0a8:101::1]/hook',
  'http://224.0.0.1/hook',
  'http://255.255.255.255/hook',
  'https://127.0.0.1:443/hook',
  'http://printer.local/hook',
  'http://intranet/hook',
];

const PUBLIC_URLS = [
  'https://hooks.example.com/report',
  'http://example.com:8080/mo?x=1',
  'https://8.8.8.8/r',
  'http://[2606:4700::1111]/r',
  'http://[::ffff:8.8.8.8]/r',
  'http://172.32.0.1/r',
  'http://100.128.0.1/r',
];

describe('callback address classifier', () => {
  it.each(INTERNAL_URLS)('refuses %s', (url) => {
    expect(callbackUrlProblem(url)).toBe('v.url.internal');
    expect(callbackUrlProblem(url, true)).toBeNull();
  });

  it.each(PUBLIC_URLS)('accepts %s', (url) => {
    expect(callbackUrlProblem(url)).toBeNull();
  });

  it('refuses credentials and other schemes whatever the destination may be', () => {
    expect(callbackUrlProblem('https://user:pass@hooks.example.com/r')).toBe('v.url.credentials');
    expect(callbackUrlProblem('https://user@hooks.example.com/r', true)).toBe('v.url.credentials');
    expect(callbackUrlProblem('ftp://hooks.example.com/r', true)).toBe('v.url.invalid');
    expect(callbackUrlProblem('file:///etc/passwd', true)).toBe('v.url.invalid');
    expect(callbackUrlProblem('gopher://127.0.0.1:6379/_', true)).toBe('v.url.invalid');
  });

  it('judges resolved addresses as dns.lookup answers them', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      'fe80::1%eth0',
      'fd00:ec2::254',
      '169.254.169.254',
      '0.0.0.0',
      '::',
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect(isInternalAddress(a), a).toBe(false);
    // a text that is no address cannot be vetted
    expect(isInternalAddress('example.com')).toBe(true);
    expect(isInternalAddress('1.2.3.256')).toBe(true);
  });

  it('parses IPv6 in its usual spellings', () => {
    expect(parseIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    for (const bad of ['1:2:3', ':::', '1::2::3', '12345::', '1:2:3:4:5:6:7:8:9', '::1.2.3'])
      expect(parseIpv6(bad), bad).toBeNull();
  });

  it('tells internal host names from public ones', () => {
    expect(isInternalHost('metadata.goog')).toBe(true);
    expect(isInternalHost('metadata.tencentyun.com')).toBe(true);
    expect(isInternalHost('hooks.example.com')).toBe(false);
    expect(isInternalHost('localhost.example.com')).toBe(false);
  });
});
