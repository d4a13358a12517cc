import { isIPv4, isIPv6 } from 'node:net';

// An account's user-IP list: IPv4 and IPv6 addresses and CIDR ranges, separated by commas (ASCII or full-width),
// semicolons or white space. An empty list allows any address; a list with an entry that does not parse allows
// none, so a typo never opens the account to the world.

interface Ip {
  version: 4 | 6;
  value: bigint;
}

interface Range extends Ip {
  prefix: number;
}

export type AllowList = { kind: 'any' } | { kind: 'ranges'; ranges: Range[] } | { kind: 'invalid'; entry: string };

function v4(s: string): bigint {
  return s.split('.').reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function v6(s: string): bigint {
  let text = s;
  let tail: bigint[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const n = v4(text.slice(lastColon + 1));
    tail = [n >> 16n, n & 0xffffn];
    text = text.slice(0, lastColon + 1) + '0:0';
  }
  const [left, right] = text.includes('::') ? text.split('::') : [text, null];
  const words = (p: string) => (p === '' ? [] : p.split(':').map((w) => BigInt(parseInt(w, 16))));
  let groups = words(left);
  if (right !== null) {
    const r = words(right);
    groups = [...groups, ...Array(8 - groups.length - r.length).fill(0n), ...r];
  }
  if (tail.length) groups = [...groups.slice(0, 6), ...tail];
  return groups.reduce((acc, g) => (acc << 16n) | g, 0n);
}

const MAPPED_PREFIX = 0xffffn << 32n;

/** An address as a number; an IPv4-mapped IPv6 address reads as the IPv4 address it carries. */
export function parseIp(input: string): Ip | null {
  const s = input.trim().replace(/%.*$/, '');
  if (isIPv4(s)) return { version: 4, value: v4(s) };
  if (!isIPv6(s)) return null;
  const value = v6(s);
  if (value >> 32n === 0xffffn) return { version: 4, value: value - MAPPED_PREFIX };
  return { version: 6, value };
}

function parseEntry(entry: string): Range | null {
  const slash = entry.indexOf('/');
  const addr = slash < 0 ? entry : entry.slice(0, slash);
  const s = addr.trim().replace(/%.*$/, '');
  // a range is written in the family it covers: a mapped IPv6 address with an IPv6 prefix would mislead
  const version = isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0;
  if (version === 0) return null;
  const bits = version === 4 ? 32 : 128;
  let prefix = bits;
  if (slash >= 0) {
    const p = entry.slice(slash + 1);
    if (!/^\d{1,3}$/.test(p) || Number(p) > bits) return null;
    prefix = Number(p);
  }
  const value = version === 4 ? v4(s) : v6(s);
  if (version === 6 && value >> 32n === 0xffffn && prefix >= 96)
    return { version: 4, value: value - MAPPED_PREFIX, prefix: prefix - 96 };
  return { version, value, prefix };
}

export function parseAllowList(list: string): AllowList {
  const entries = list
    .split(/[,，;\s]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length === 0) return { kind: 'any' };
  const ranges: Range[] = [];
  for (const entry of entries) {
    const r = parseEntry(entry);
    if (!r) return { kind: 'invalid', entry };
    ranges.push(r);
  }
  return { kind: 'ranges', ranges };
}

function inRange(ip: Ip, r: Range): boolean {
  if (ip.version !== r.version) return false;
  const bits = BigInt(r.version === 4 ? 32 : 128);
  const shift = bits - BigInt(r.prefix);
  return ip.value >> shift === r.value >> shift;
}

/** Whether the remote address may connect under this list (a string is parsed first). */
export function isAddressAllowed(list: string | AllowList, remoteAddress: string | undefined): boolean {
  const parsed = typeof list === 'string' ? parseAllowList(list) : list;
  if (parsed.kind === 'any') return true;
  if (parsed.kind === 'invalid' || !remoteAddress) return false;
  const ip = parseIp(remoteAddress);
  if (!ip) return false;
  return parsed.ranges.some((r) => inRange(ip, r));
}
