// N-gram posting lists over the distinct contents, so a content search reads only the groups that can hold it.

/** Contents per entry of an n-gram's posting list: a list names groups of ids, not ids, to stay small. */
export const GRAM_GROUP = 64;

/** The groups that hold one gram: a sorted list while it is rare, a bitset once that is smaller. */
interface Posting {
  ids: Uint32Array | null;
  bits: Uint32Array | null;
  /** groups held. */
  n: number;
  last: number;
}

function has(p: Posting, g: number): boolean {
  if (p.bits) return (p.bits[g >>> 5] & (1 << (g & 31))) !== 0;
  const i = lowerBoundIn(p.ids!, p.n, g);
  return i < p.n && p.ids![i] === g;
}

function lowerBoundIn(a: Uint32Array, n: number, g: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < g) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Posting lists of the 2- and 3-character grams of the texts, by group of ids, ascending. A substring of 3+
 * characters can only be in a group that holds all of its trigrams; one of 2 only where its bigram is. Template
 * grams are in most groups, so their lists turn into bitsets: at 400k contents, 2 MB instead of 19. */
export class Grams {
  private readonly lists = [new Map<number, Posting>(), new Map<number, Posting>()];

  add(id: number, text: string) {
    const g = Math.floor(id / GRAM_GROUP);
    for (let i = 0; i + 1 < text.length; i++) {
      const bi = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);
      this.post(this.lists[0], bi, g);
      if (i + 2 < text.length) this.post(this.lists[1], bi * 65536 + text.charCodeAt(i + 2), g);
    }
  }

  private post(map: Map<number, Posting>, key: number, g: number) {
    let p = map.get(key);
    if (!p) map.set(key, (p = { ids: new Uint32Array(4), bits: null, n: 0, last: -1 }));
    else if (p.last === g) return;
    p.last = g;
    p.n++;
    if (p.bits) {
      if (g >>> 5 >= p.bits.length) {
        const bits = new Uint32Array(Math.max((g >>> 5) + 1, p.bits.length * 2));
        bits.set(p.bits);
        p.bits = bits;
      }
      p.bits[g >>> 5] |= 1 << (g & 31);
      return;
    }
    const ids = p.ids!;
    if (p.n > 64 && p.n * 32 > g) {
      // a list of 4 bytes per group costs more than a bit per group from here on
      const bits = new Uint32Array((g >>> 5) * 2 + 1);
      for (let i = 0; i < p.n - 1; i++) bits[ids[i] >>> 5] |= 1 << (ids[i] & 31);
      bits[g >>> 5] |= 1 << (g & 31);
      p.bits = bits;
      p.ids = null;
      return;
    }
    if (p.n > ids.length) {
      p.ids = new Uint32Array(ids.length * 2);
      p.ids.set(ids);
    }
    p.ids![p.n - 1] = g;
  }

  bytes(): number {
    let n = 0;
    for (const map of this.lists) for (const p of map.values()) n += (p.bits ?? p.ids)!.byteLength + 64;
    return n;
  }

  /** the groups (ascending) that may hold `needle` at or after group `from`, below `to`; null when the grams cannot
   * tell (one character). */
  groups(needle: string, from: number, to: number): number[] | null {
    if (needle.length < 2) return null;
    const ps: Posting[] = [];
    const tri = needle.length >= 3;
    for (let i = 0; i + (tri ? 2 : 1) < needle.length; i++) {
      const bi = needle.charCodeAt(i) * 65536 + needle.charCodeAt(i + 1);
      const p = tri ? this.lists[1].get(bi * 65536 + needle.charCodeAt(i + 2)) : this.lists[0].get(bi);
      if (!p) return [];
      ps.push(p);
    }
    // the fewest groups lead; every other gram is asked about each of them
    ps.sort((a, b) => a.n - b.n);
    const [lead, ...rest] = ps;
    const out: number[] = [];
    const keep = (g: number) => {
      for (const p of rest) if (!has(p, g)) return;
      out.push(g);
    };
    if (lead.ids) {
      for (let i = lowerBoundIn(lead.ids, lead.n, from); i < lead.n && lead.ids[i] < to; i++) keep(lead.ids[i]);
    } else {
      const bits = lead.bits!;
      for (let w = from >>> 5; w < bits.length && w * 32 < to; w++) {
        for (let word = bits[w]; word !== 0; word &= word - 1) {
          const g = w * 32 + (31 - Math.clz32(word & -word));
          if (g >= from && g < to) keep(g);
        }
      }
    }
    return out;
  }
}
