import { webLinkProblem } from '../web-link';

// Where the platform may post a customer's callbacks. The push address is typed by a customer, and the platform
// posts to it from inside its own network: an address that leads back inside (loopback, private, link-local and
// carrier-grade NAT networks, the cloud metadata service) would let a customer reach what only the platform can
// reach, and read the answers' kind from the delivery list. Pure code shared by the console's forms and the platform,
// which checks the saved text with it and, at each delivery, every address the host name resolves to.

/** Why a text may not be a callback address (a message key of the catalogue), or null when it may. */
export type CallbackUrlProblem = 'v.url.invalid' | 'v.url.credentials' | 'v.url.internal';

/** IPv4 networks that are not the public internet, as [first address, prefix length]. */
const INTERNAL_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", and 0.0.0.0 itself (Linux connects it to the local host)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; 100.100.100.200 is a cloud metadata service
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 the metadata service of most clouds
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** Host names that never name a public server: they are answered by the local host, the local network's resolver
 * or a cloud's metadata service. Single-label names (`metadata`, `intranet`) go to the resolver's search domains. */
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'arpa',
  'test',
  'invalid',
];
const INTERNAL_NAMES = new Set([
  'metadata.goog',
  'metadata.google.internal',
  'metadata.tencentyun.com',
  'instance-data.ec2.internal',
]);

/** An IPv4 address in dotted decimal as an unsigned 32-bit number, or null. */
export function parseIpv4(s: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/** An IPv6 address (with `::` and an optional trailing dotted IPv4) as its eight 16-bit groups, or null. */
export function parseIpv6(s: string): number[] | null {
  let text = s;
  // a trailing dotted IPv4 (::ffff:127.0.0.1) is the last two groups spelled another way
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros = new Array<number>(8 - known).fill(0);
  return [
    ...head.map((g) => parseInt(g, 16)),
    ...(halves.length === 2 ? zeros : []),
    ...rest.map((g) => parseInt(g, 16)),
  ];
}

const V4_NETS = INTERNAL_V4.map(([net, bits]) => ({ prefix: parseIpv4(net)! >>> (32 - bits), shift: 32 - bits }));
const isInternalV4 = (ip: number) => V4_NETS.some((n) => ip >>> n.shift === n.prefix);
const v4Of = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;

function isInternalV6(g: number[]): boolean {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) are the IPv4 address they carry
  if (zeroUpTo(5) && g[5] === 0xffff) return isInternalV4(v4Of(g[6], g[7]));
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isInternalV4(v4Of(g[6], g[7]));
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d lead nowhere public
  if (zeroUpTo(6)) return true;
  // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) reach the IPv4 address they embed
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isInternalV4(v4Of(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // local-use NAT64
  if (g[0] === 0x2002) return isInternalV4(v4Of(g[1], g[2]));
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8)) return true; // Teredo, documentation
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7, fd00:ec2::254 the EC2 metadata service
  if ((g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0) return true; // link-local, site-local
  return (g[0] & 0xff00) === 0xff00; // multicast
}

/** Whether an IP address (as dns.lookup answers it or a URL's host spells it) is outside the public internet. A text
 * that is no IP address counts as internal: nobody can tell where it leads. */
export function isInternalAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4 = parseIpv4(ip);
  if (v4 !== null) return isInternalV4(v4);
  const v6 = parseIpv6(ip);
  return v6 === null ? true : isInternalV6(v6);
}

/** Whether a URL's host (the WHATWG parser's `hostname`: lower case, IPv4 in dotted decimal, IPv6 in brackets) is an
 * internal address or a name that only an internal resolver answers. */
export function isInternalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') || parseIpv4(host) !== null) return isInternalAddress(host);
  if (!host.includes('.') || INTERNAL_NAMES.has(host)) return true;
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return INTERNAL_SUFFIXES.includes(tld) || host.startsWith('metadata.');
}

/**
 * Why `s` may not be a callback address: not an absolute http(s) address, credentials in it (they would be sent to
 * the receiver in the clear and show in the delivery list), or, unless `allowPrivate`, a destination inside the
 * network. The WHATWG parser reads the host first, so every spelling of one address (2130706433, 0x7f.1, 127.1,
 * [::ffff:127.0.0.1]) is judged as the address it is.
 */
export function callbackUrlProblem(s: string, allowPrivate = false): CallbackUrlProblem | null {
  const shape = webLinkProblem(s);
  if (shape !== null) return shape;
  if (allowPrivate) return null;
  return isInternalHost(new URL(s).hostname) ? 'v.url.internal' : null;
}
