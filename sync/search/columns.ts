import { KeyIndex } from './key-index';
import { digitPairs, PHONE_DIGITS } from './phone-tests';

// The columns of one collection in memory: a typed array per field, rows appended, an order newest first.

function grow<T extends Float64Array | Uint32Array | Int16Array | Uint8Array | Int32Array>(a: T, cap: number): T {
  const b = new (a.constructor as new (n: number) => T)(cap);
  b.set(a);
  return b;
}

/** The columns of one collection. Rows are appended; a removed row is flagged dead and skipped. */
export class Columns {
  n = 0;
  live = 0;
  sn: string[] = [];
  time = new Float64Array(1024);
  phone = new Float64Array(1024);
  plen = new Uint8Array(1024);
  /** the pairs of neighbouring digits in the phone (digitPairs), so most rows fail a middle-digits search in one AND. */
  pairs = new Uint32Array(1024);
  raw = new Map<number, string>();
  content = new Uint32Array(1024);
  account = new Uint32Array(1024);
  status = new Int16Array(1024);
  prod = new Uint8Array(1024);
  dead = new Uint8Array(1024);
  /** the live row of each key (a KeyIndex: a Map of a million keys held 18 MB of the worker's heap). */
  rowOf = new KeyIndex((r) => this.sn[r]);
  /** rows newest first (time descending, then key ascending: the order of `k`); may hold dead rows. */
  order = new Int32Array(0);
  pending: number[] = [];
  /** the row ranges of each block. */
  blocks = new Map<number, { start: number; end: number }>();
  /** the block of a row: blocks hold consecutive rows, so the first row of each, ascending (4 bytes per block, not per row). */
  private readonly blockIds: number[] = [];
  private readonly blockStarts: number[] = [];
  blockAt(r: number): number {
    const i = lowerBound(this.blockStarts.length, (j) => this.blockStarts[j] > r) - 1;
    return this.blockIds[i];
  }
  /** counts changes to rows in place (status reports): a query's mask from before is stale. */
  epoch = 0;
  /** the masks of recent queries (masks.ts), one byte per row each. */
  masks = new Map<string, { m: Uint8Array; rows: number; epoch: number }>();

  private ensure(cap: number) {
    if (cap <= this.time.length) return;
    const c = Math.max(cap, this.time.length * 2);
    this.time = grow(this.time, c);
    this.phone = grow(this.phone, c);
    this.plen = grow(this.plen, c);
    this.pairs = grow(this.pairs, c);
    this.content = grow(this.content, c);
    this.account = grow(this.account, c);
    this.status = grow(this.status, c);
    this.prod = grow(this.prod, c);
    this.dead = grow(this.dead, c);
  }

  setPhone(r: number, p: string) {
    this.pairs[r] = digitPairs(p);
    this.raw.delete(r);
    if (PHONE_DIGITS.test(p)) {
      this.phone[r] = Number(p);
      this.plen[r] = p.length;
    } else {
      this.phone[r] = 0;
      this.plen[r] = 0;
      this.raw.set(r, p);
    }
  }

  phoneOf(r: number): string {
    return this.raw.get(r) ?? String(this.phone[r]).padStart(this.plen[r], '0');
  }

  /** appends a row (its values set by the caller through `set`). */
  append(sn: string, block: number): number {
    const r = this.n++;
    this.ensure(this.n);
    this.sn[r] = sn;
    if (this.blockIds[this.blockIds.length - 1] !== block) {
      this.blockIds.push(block);
      this.blockStarts.push(r);
    }
    this.dead[r] = 0;
    this.rowOf.set(sn, r);
    this.live++;
    this.pending.push(r);
    return r;
  }

  kill(r: number) {
    if (this.dead[r]) return;
    this.dead[r] = 1;
    this.rowOf.delete(this.sn[r]);
    this.raw.delete(r);
    this.live--;
  }

  /** newest first: time descending, then key ascending. */
  cmp = (a: number, b: number) =>
    this.time[b] - this.time[a] || (this.sn[a] < this.sn[b] ? -1 : this.sn[a] > this.sn[b] ? 1 : 0);

  /** merges rows appended since the last search into the order, dropping dead rows. */
  ordered(): Int32Array {
    if (this.pending.length === 0) return this.order;
    // a plain array: its sort (TimSort) takes the runs pages arrive in, 5× faster than a typed array's at 1M rows
    const add = Int32Array.from(this.pending.filter((r) => !this.dead[r]).sort(this.cmp));
    this.pending = [];
    const old = this.order;
    const out = new Int32Array(old.length + add.length);
    let i = 0;
    let j = 0;
    let o = 0;
    while (i < old.length || j < add.length) {
      if (i < old.length && this.dead[old[i]]) {
        i++;
        continue;
      }
      if (j >= add.length || (i < old.length && this.cmp(old[i], add[j]) <= 0)) out[o++] = old[i++];
      else out[o++] = add[j++];
    }
    this.order = out.subarray(0, o);
    return this.order;
  }
}

/** The first i in [0, n) where `ok(i)` holds, for a predicate false then true along the order. */
export function lowerBound(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
