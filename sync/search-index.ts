import { MAX_TIME, RECORD_COLLECTIONS, type RecordCollectionName } from './local-db';
import { KeyIndex } from './key-index';
import type { Filter, Query } from './query';

// Local search over the record cache (issue 15): in-memory columns per record (time, phone as a number, content id,
// account id, status, product line) and one dictionary of distinct contents. A content search is a substring scan
// over the distinct contents (bulk sends repeat theirs), the rest integer compares on the columns, walked newest
// first until the page is full. The columns live in the sync worker, which writes every page and so sees every
// change; side-store.ts keeps them on disk beside RxDB.

/** The fields a collection's columns hold. */
export interface SearchSpec {
  time: string;
  content: string;
  phone: string;
  account: string;
  status?: string;
  prod?: string;
}
export const SEARCHABLE: Partial<Record<RecordCollectionName, SearchSpec>> = {
  mt_records: { time: 'receive_time', content: 'decodeContent', phone: 'decodeMobile', account: 'cus_id', status: 'mt_status', prod: 'prod_type' },
  mo_records: { time: 'deliver_time', content: 'decodeContent', phone: 'decodeMobile', account: 'cus_id', prod: 'prod_type' },
};
export type SearchCollection = 'mt_records' | 'mo_records';
export const isSearchCollection = (c: string): c is SearchCollection => c in SEARCHABLE;

export interface SearchAnswer {
  /** primary keys of the page, newest first. */
  keys: string[];
  /** the `k` of the page's last row when the page is full (the next page's cursor). */
  next: string | null;
  /** every match, when asked for. */
  count?: number;
  /** how long the worker took to answer (the bench tells it from the round trip). */
  ms?: number;
}

/** A block as stored: the rows one write added, column by column. */
export interface StoredBlock {
  id: number;
  col: SearchCollection;
  sn: string[];
  time: Float64Array;
  phone: Float64Array;
  plen: Uint8Array;
  /** phones that are not 1–15 digits, by row offset. */
  raw: Record<number, string>;
  content: Uint32Array;
  account: Uint32Array;
  status: Int16Array;
  prod: Uint8Array;
  dead: Uint8Array;
}

const PHONE_DIGITS = /^\d{1,15}$/;
const POW10 = Array.from({ length: 17 }, (_, i) => 10 ** i);
/** the same up to 10^9, as int32 (a double array would make every step below a double division). */
const POW10_32 = Int32Array.from({ length: 10 }, (_, i) => 10 ** i);

/** Contents per entry of an n-gram's posting list: a list names groups of ids, not ids, to stay small. */
const GRAM_GROUP = 64;

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

/** What is known of one needle: per id 1 contains, 2 does not, 0 not looked at yet; ids below `full` all known. */
interface Matches {
  st: Uint8Array;
  full: number;
  /** ids known to contain it. */
  hits: number;
}

/** Strings to small ids, append-only (ids are never reused until a rebuild). */
export class Dictionary {
  readonly texts: string[] = [];
  private readonly ids = new KeyIndex((id) => this.texts[id]);
  private readonly matches = new Map<string, Matches>();
  private readonly grams: Grams | null;
  constructor(opts: { grams?: boolean } = {}) {
    this.grams = opts.grams ? new Grams() : null;
  }
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.ids.set(text, id);
      this.grams?.add(id, text);
    }
    return id;
  }
  find(text: string): number | undefined {
    return this.ids.get(text);
  }
  /** the bytes of the n-gram lists and the kept needles' states. */
  bytes(): number {
    let n = (this.grams?.bytes() ?? 0) + this.ids.bytes();
    for (const m of this.matches.values()) n += m.st.byteLength;
    return n;
  }
  load(texts: string[]) {
    for (const t of texts) this.idOf(t);
  }

  private entry(needle: string): Matches {
    let m = this.matches.get(needle);
    const n = this.texts.length;
    if (!m || m.st.length < n) {
      const st = new Uint8Array(Math.max(n, 16) + (n >> 3));
      if (m) st.set(m.st);
      m = { st, full: m?.full ?? 0, hits: m?.hits ?? 0 };
      // a few needles' state (one byte per distinct content each) is kept for the pages that follow
      if (!this.matches.has(needle) && this.matches.size >= 6) this.matches.delete(this.matches.keys().next().value!);
      this.matches.set(needle, m);
    }
    return m;
  }

  /** A test of one id, working out (and keeping) only the ids it is asked about: a common needle fills a page after
   * a few hundred rows, so it need not look at every distinct content. */
  probe(needle: string): (id: number) => boolean {
    let m = this.entry(needle);
    const texts = this.texts;
    return (id) => {
      if (id >= m.st.length) m = this.entry(needle);
      const v = m.st[id];
      if (v !== 0) return v === 1;
      const hit = texts[id].includes(needle);
      m.st[id] = hit ? 1 : 2;
      if (hit) m.hits++;
      return hit;
    };
  }

  /** Every id's state for `needle` (1 contains, 2 does not): only the ids whose n-gram groups hold the needle are
   * read, so a rare needle costs a few list intersections instead of a pass over every distinct content. */
  containing(needle: string): { st: Uint8Array; hits: number } {
    const m = this.entry(needle);
    const n = this.texts.length;
    if (m.full >= n) return m;
    const { st } = m;
    const test = (id: number) => {
      if (st[id] !== 0) return;
      const hit = this.texts[id].includes(needle);
      st[id] = hit ? 1 : 2;
      if (hit) m.hits++;
    };
    const groups = this.grams?.groups(needle, Math.floor(m.full / GRAM_GROUP), Math.ceil(n / GRAM_GROUP));
    if (groups) {
      for (const g of groups) for (let id = Math.max(g * GRAM_GROUP, m.full), end = Math.min(g * GRAM_GROUP + GRAM_GROUP, n); id < end; id++) test(id);
      for (let id = m.full; id < n; id++) if (st[id] === 0) st[id] = 2;
    } else for (let id = m.full; id < n; id++) test(id);
    m.full = n;
    return m;
  }
}

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
  /** the masks of recent queries (search-index.ts SearchIndex.mask), one byte per row each. */
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
  cmp = (a: number, b: number) => this.time[b] - this.time[a] || (this.sn[a] < this.sn[b] ? -1 : this.sn[a] > this.sn[b] ? 1 : 0);

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

const MAX_INV = String(MAX_TIME).length;

/** The `k` of a row (local-db.ts orderKey). */
const keyOf = (c: Columns, r: number) => `${String(MAX_TIME - c.time[r]).padStart(MAX_INV, '0')}:${c.sn[r]}`;

type RowTest = (r: number) => boolean;

/** One filter over the columns: a test of one row (for a walk that fills its page soon), and the same test over a
 * range of rows into a mask, in one tight loop per column (for a walk that would read most of the order). */
interface ColumnFilter {
  row: RowTest;
  /** clears m[r] for the rows in [start, end) that fail. */
  fill(m: Uint8Array, start: number, end: number): void;
}

interface Plan {
  filters: ColumnFilter[];
  /** a content substring the rows must contain (the first such filter). */
  needle?: string;
  /** the filters as a mask's cache key (the time range is not in the mask: the walk bounds it). */
  key: string;
  from: number;
  to: number;
}

/** Rows of the order a page walk tests one by one before it judges whether to walk on. */
const WALK_BUDGET = 8192;
/** Rows of a mask built per macrotask in the background (about 1–2 ms of the worker at a time). */
const MASK_SLICE = 65_536;
/** A content substring held by at most this many rows gathers them instead of walking the order. */
const RARE_ROWS = 20_000;

/**
 * Runs `f` in a macrotask of its own, without setTimeout's clamp: nested timers wait at least 4 ms from the fifth on,
 * so a mask of 1M rows (16 slices) took over 60 ms to finish, and a search repeated meanwhile filled the rest itself
 * (10 ms). A message on a channel is not clamped, and searches still run between the slices.
 */
const queue: (() => void)[] = [];
// (made on first use: the page imports this module too, and never builds a mask)
let channel: MessageChannel | null = null;
function nextTask(f: () => void): void {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.();
    // (in Node, the tests' runtime, an open port would keep the process alive)
    (channel.port1 as { unref?: () => void }).unref?.();
  }
  queue.push(f);
  channel.port2.postMessage(null);
}

/** A filter on a small-integer column (status, product line, account id). */
function intFilter(arr: Int16Array | Uint8Array | Uint32Array, vs: number[]): ColumnFilter {
  if (vs.length === 1) {
    const v = vs[0];
    return {
      row: (r) => arr[r] === v,
      fill(m, start, end) {
        for (let r = start; r < end; r++) if (arr[r] !== v) m[r] = 0;
      },
    };
  }
  const set = new Set(vs);
  return {
    row: (r) => set.has(arr[r]),
    fill(m, start, end) {
      for (let r = start; r < end; r++) if (!set.has(arr[r])) m[r] = 0;
    },
  };
}

function rowFilter(row: RowTest): ColumnFilter {
  return {
    row,
    fill(m, start, end) {
      for (let r = start; r < end; r++) if (m[r] !== 0 && !row(r)) m[r] = 0;
    },
  };
}
export class SearchIndex {
  readonly contents = new Dictionary({ grams: true });
  readonly accounts = new Dictionary();
  readonly cols: Record<SearchCollection, Columns> = { mt_records: new Columns(), mo_records: new Columns() };
  nextBlock = 1;
  /** blocks written or changed since the side store last saved them. */
  readonly dirty = new Set<number>();
  /** RxDB's last write time per collection, as the columns have seen it. */
  readonly lwt: Record<SearchCollection, number> = { mt_records: 0, mo_records: 0 };
  private readonly walkBudget: number;
  private readonly rareRows: number;

  /** (the tests make the walk's budget and the rare-content bound small, to take every path on a few rows) */
  constructor(opts: { walkBudget?: number; rareRows?: number } = {}) {
    this.walkBudget = opts.walkBudget ?? WALK_BUDGET;
    this.rareRows = opts.rareRows ?? RARE_ROWS;
  }

  /** Upserts documents as the record store wrote them (one block per call). */
  put(name: RecordCollectionName, docs: Record<string, unknown>[]) {
    const spec = SEARCHABLE[name];
    if (!spec || docs.length === 0) return;
    const col = name as SearchCollection;
    const c = this.cols[col];
    const pk = RECORD_COLLECTIONS[name].primaryKey;
    const block = this.nextBlock++;
    const start = c.n;
    for (const d of docs) {
      const sn = String(d[pk]);
      const t = Number(d[spec.time]) || 0;
      let r = c.rowOf.get(sn);
      if (r !== undefined && c.time[r] === t) {
        // same time (a status report): the row keeps its place and its block
        this.dirty.add(c.blockAt(r));
        c.epoch++;
      } else {
        if (r !== undefined) {
          this.dirty.add(c.blockAt(r));
          c.kill(r);
        }
        r = c.append(sn, block);
        c.time[r] = t;
      }
      c.setPhone(r, String(d[spec.phone] ?? ''));
      c.content[r] = this.contents.idOf(String(d[spec.content] ?? ''));
      c.account[r] = this.accounts.idOf(String(d[spec.account] ?? ''));
      c.status[r] = spec.status ? Number(d[spec.status]) : 0;
      c.prod[r] = spec.prod ? Number(d[spec.prod]) : 0;
      const lwt = (d._meta as { lwt?: number } | undefined)?.lwt;
      if (lwt !== undefined && lwt > this.lwt[col]) this.lwt[col] = lwt;
    }
    if (c.n > start) {
      c.blocks.set(block, { start, end: c.n });
      this.dirty.add(block);
    }
  }

  remove(name: RecordCollectionName, ids: string[]) {
    if (!SEARCHABLE[name]) return;
    const c = this.cols[name as SearchCollection];
    for (const id of ids) {
      const r = c.rowOf.get(id);
      if (r === undefined) continue;
      this.dirty.add(c.blockAt(r));
      c.kill(r);
    }
  }

  /** Adds a stored block (loading): its live rows only. */
  loadBlock(b: StoredBlock) {
    const c = this.cols[b.col];
    const start = c.n;
    for (let i = 0; i < b.sn.length; i++) {
      if (b.dead[i] || c.rowOf.has(b.sn[i])) continue;
      const r = c.append(b.sn[i], b.id);
      c.time[r] = b.time[i];
      const raw = b.raw[i];
      if (raw !== undefined) c.raw.set(r, raw);
      c.phone[r] = b.phone[i];
      c.plen[r] = b.plen[i];
      c.pairs[r] = digitPairs(c.phoneOf(r));
      // the dictionaries load in id order, so stored ids are the ids
      c.content[r] = b.content[i];
      c.account[r] = b.account[i];
      c.status[r] = b.status[i];
      c.prod[r] = b.prod[i];
    }
    if (c.n > start) c.blocks.set(b.id, { start, end: c.n });
    if (b.id >= this.nextBlock) this.nextBlock = b.id + 1;
  }

  /** A block as it should be stored now; null when none of its rows is live (or it is unknown). */
  blockOf(id: number): StoredBlock | null {
    for (const col of Object.keys(this.cols) as SearchCollection[]) {
      const c = this.cols[col];
      const range = c.blocks.get(id);
      if (!range) continue;
      const { start, end } = range;
      let alive = false;
      const raw: Record<number, string> = {};
      for (let r = start; r < end; r++) {
        if (!c.dead[r]) alive = true;
        const p = c.raw.get(r);
        if (p !== undefined) raw[r - start] = p;
      }
      if (!alive) {
        c.blocks.delete(id);
        return null;
      }
      return {
        id, col, sn: c.sn.slice(start, end), time: c.time.slice(start, end), phone: c.phone.slice(start, end), plen: c.plen.slice(start, end), raw,
        content: c.content.slice(start, end), account: c.account.slice(start, end), status: c.status.slice(start, end), prod: c.prod.slice(start, end),
        dead: c.dead.slice(start, end),
      };
    }
    return null;
  }

  /** The column filters of a query; null when a filter is not one the columns answer. */
  private plan(col: SearchCollection, filters: Filter[]): Plan | null {
    const spec = SEARCHABLE[col]!;
    const c = this.cols[col];
    const out: ColumnFilter[] = [];
    const keyed: Filter[] = [];
    const plan: Plan = { filters: out, key: '', from: -Infinity, to: Infinity };
    let from = -Infinity;
    let to = Infinity;
    const ints = (f: Filter): number[] | null => {
      const vs = f.op === 'eq' ? [f.value] : f.op === 'in' ? f.values : null;
      return vs && vs.every((v) => typeof v === 'number') ? (vs as number[]) : null;
    };
    for (const f of filters) {
      if (f.op === 'range') {
        if (f.field !== spec.time) return null;
        if (f.from !== undefined) from = Math.max(from, f.from);
        if (f.to !== undefined) to = Math.min(to, f.to);
        continue;
      }
      keyed.push(f);
      if (f.field === spec.status || f.field === spec.prod) {
        const vs = ints(f);
        if (!vs) return null;
        out.push(intFilter(f.field === spec.status ? c.status : c.prod, vs));
      } else if (f.field === spec.account) {
        if (f.op !== 'eq' && f.op !== 'in') return null;
        const vs = f.op === 'eq' ? [f.value] : f.values;
        if (!vs.every((v) => typeof v === 'string')) return null;
        const ids = vs.map((v) => this.accounts.find(String(v))).filter((v): v is number => v !== undefined);
        out.push(intFilter(c.account, ids.length ? ids : [-1]));
      } else if (f.field === spec.content) {
        if (f.op === 'contains') {
          const needle = f.value;
          plan.needle ??= needle;
          const probe = this.contents.probe(needle);
          const content = c.content;
          out.push({
            row: (r) => probe(content[r]),
            fill: (m, start, end) => {
              const { st } = this.contents.containing(needle);
              for (let r = start; r < end; r++) if (st[content[r]] !== 1) m[r] = 0;
            },
          });
        } else if (f.op === 'eq' && typeof f.value === 'string') {
          out.push(intFilter(c.content, [this.contents.find(f.value) ?? -1]));
        } else return null;
      } else if (f.field === spec.phone) {
        if (f.op !== 'eq' && f.op !== 'prefix' && f.op !== 'contains') return null;
        if (typeof f.value !== 'string') return null;
        out.push(rowFilter(phoneTest(c, f.op, f.value)));
      } else return null;
    }
    return Object.assign(plan, { key: JSON.stringify(keyed), from, to });
  }

  /** The query's mask over every row (1 passes its filters), kept for the next pages and extended as rows arrive;
   * built again when a row changed in place. Filled up to row `upTo`. */
  private mask(c: Columns, plan: Plan, upTo = c.n): Uint8Array {
    let e = c.masks.get(plan.key);
    if (e) {
      // most recently used last: the oldest is the one let go
      c.masks.delete(plan.key);
      c.masks.set(plan.key, e);
    }
    if (!e || e.epoch !== c.epoch || e.m.length < c.n) {
      const m = new Uint8Array(c.time.length);
      const kept = e && e.epoch === c.epoch ? e.rows : 0;
      if (e && kept) m.set(e.m.subarray(0, kept));
      if (!c.masks.has(plan.key) && c.masks.size >= 3) c.masks.delete(c.masks.keys().next().value!);
      e = { m, rows: kept, epoch: c.epoch };
      c.masks.set(plan.key, e);
    }
    if (e.rows < upTo) {
      e.m.fill(1, e.rows, upTo);
      for (const f of plan.filters) f.fill(e.m, e.rows, upTo);
      e.rows = upTo;
    }
    return e.m;
  }

  /** Builds the query's mask MASK_SLICE rows per macrotask; stops when a row changes in place or it is let go. */
  private maskLater(c: Columns, plan: Plan) {
    this.mask(c, plan, 0);
    const epoch = c.epoch;
    const step = () => {
      const e = c.masks.get(plan.key);
      if (!e || e.epoch !== epoch || c.epoch !== epoch) return;
      this.mask(c, plan, Math.min(c.n, e.rows + MASK_SLICE));
      if (e.rows < c.n) nextTask(step);
    };
    nextTask(step);
  }

  /** Rows, distinct contents and an estimate of the bytes the columns hold (the bench reports them). */
  stats(): { rows: Record<SearchCollection, number>; contents: number; bytes: number } {
    let bytes = 0;
    const rows = {} as Record<SearchCollection, number>;
    for (const [name, c] of Object.entries(this.cols) as Array<[SearchCollection, Columns]>) {
      rows[name] = c.live;
      // 8+8+1+4+4+4+2+1+1 bytes of typed columns and 4 of order per row, and the key strings (UTF-16, plus a header)
      bytes += c.time.length * 33 + c.order.length * 4 + c.sn.reduce((s, k) => s + 16 + k.length * 2, 0);
      // the kept masks and the rows by content
      for (const e of c.masks.values()) bytes += e.m.length;
      bytes += c.rowOf.bytes();
    }
    bytes += this.contents.texts.reduce((s, t) => s + 16 + t.length * 2, 0) + this.contents.bytes();
    return { rows, contents: this.contents.texts.length, bytes };
  }

  /** Runs a page of each kind of filter over the loaded columns (and merges the order), so the first searches a user
   * makes run optimized code: at 1M rows a cold walk of a rare phone fragment took 70 ms, a warm one 1–6 ms. */
  warm() {
    for (const col of Object.keys(this.cols) as SearchCollection[]) {
      const spec = SEARCHABLE[col]!;
      const c = this.cols[col];
      const newest = c.ordered()[0];
      if (newest === undefined) continue;
      const text = this.contents.texts[c.content[newest]];
      const runs: Filter[][] = [
        [{ op: 'contains', field: spec.phone, value: '0000' }],
        [{ op: 'prefix', field: spec.phone, value: '1380' }],
        [{ op: 'contains', field: spec.content, value: text.slice(0, 4) }],
        [{ op: 'contains', field: spec.content, value: `${text.slice(0, 2)}\u0001` }],
        [{ op: 'eq', field: spec.account, value: this.accounts.texts[c.account[newest]] }, { op: 'eq', field: spec.prod ?? spec.status!, value: c.prod[newest] }],
        [{ op: 'range', field: spec.time, from: c.time[newest] - 86_400_000, to: c.time[newest] }],
      ];
      for (const filters of runs) this.search({ collection: col, filters, limit: 20 }, filters.length > 1);
    }
  }

  /** Whether the columns answer this query. */
  answers(q: Query): boolean {
    return isSearchCollection(q.collection) && (q.sort ?? 'newest') === 'newest' && this.plan(q.collection, q.filters) !== null;
  }

  /** One page newest first after the cursor, and the count of every match when asked; null when it cannot answer.
   * A page walks the order row by row first; when that finds little, a rare content substring gathers its few rows
   * through the content ids that hold it, and anything else walks on over the query's mask. */
  search(q: Query, withCount = false): SearchAnswer | null {
    if (!isSearchCollection(q.collection) || (q.sort ?? 'newest') !== 'newest') return null;
    const plan = this.plan(q.collection, q.filters);
    if (!plan) return null;
    const c = this.cols[q.collection];
    const order = c.ordered();
    const { time, dead, sn } = c;
    // the first row at or below `to`, then past the cursor
    let i = lowerBound(order.length, (j) => time[order[j]] <= plan.to);
    let after: RowTest = () => true;
    if (q.after) {
      const t = MAX_TIME - Number(q.after.slice(0, MAX_INV));
      const k = q.after.slice(MAX_INV + 1);
      after = (r) => time[r] < t || (time[r] === t && sn[r] > k);
      i = Math.max(i, lowerBound(order.length, (j) => after(order[j])));
    }
    const fs = plan.filters;
    const test: RowTest | null =
      fs.length === 0
        ? null
        : fs.length === 1
          ? fs[0].row
          : (r) => {
              for (let j = 0; j < fs.length; j++) if (!fs[j].row(r)) return false;
              return true;
            };
    let keys: string[] = [];
    let last = -1;
    const start = i;
    // a query asked before (the next pages of a list) walks its kept mask, while no row changed in place since
    const kept = test ? c.masks.get(plan.key) : undefined;
    const m0 = kept && kept.epoch === c.epoch && c.n - kept.rows < MASK_SLICE ? this.mask(c, plan) : null;
    // otherwise row by row: a page of a common filter is full long before the budget
    let budget = this.walkBudget;
    let walkedOn = false;
    for (; i < order.length && keys.length < q.limit; i++) {
      if (!m0 && i - start === budget) {
        // few matches so far: walk on while they promise a full page soon, otherwise stop here
        const want = ((q.limit - keys.length) * (i - start)) / Math.max(keys.length, 0.5);
        if (keys.length === 0 || want > order.length / 8) break;
        budget = order.length;
        walkedOn = true;
      }
      const r = order[i];
      if (time[r] < plan.from) {
        i = order.length;
        break;
      }
      if (dead[r] || (m0 ? m0[r] === 0 : test && !test(r))) continue;
      keys.push(sn[r]);
      last = r;
    }
    // a long walk: its next pages will want the same rows, so the mask is built a slice at a time while the worker
    // is otherwise idle (a whole build at once would hold a search that arrives meanwhile)
    if (walkedOn && !c.masks.has(plan.key)) this.maskLater(c, plan);
    let count: number | undefined;
    const rest = keys.length < q.limit && i < order.length;
    const few = (rest || withCount) && plan.needle !== undefined ? this.rare(c, plan.needle) : null;
    if (few) {
      // every row that can match, from the content ids that hold the needle
      const hits: number[] = [];
      for (const r of few) if (dead[r] === 0 && time[r] >= plan.from && time[r] <= plan.to && (!test || test(r))) hits.push(r);
      count = hits.length;
      if (rest) {
        const page = hits.filter(after).sort(c.cmp).slice(0, q.limit);
        keys = page.map((r) => sn[r]);
        last = page.length ? page[page.length - 1] : -1;
      }
    } else if (rest) {
      // a rare match: the mask answers the rest of the walk with one byte per row
      const m = test ? this.mask(c, plan) : null;
      for (; i < order.length && keys.length < q.limit; i++) {
        const r = order[i];
        if (time[r] < plan.from) break;
        if (dead[r] || (m && m[r] === 0)) continue;
        keys.push(sn[r]);
        last = r;
      }
    }
    const answer: SearchAnswer = { keys, next: keys.length === q.limit && last >= 0 ? keyOf(c, last) : null };
    if (withCount) {
      if (count === undefined) {
        const m = test ? this.mask(c, plan) : null;
        count = 0;
        for (let r = 0; r < c.n; r++) if (dead[r] === 0 && (!m || m[r] === 1) && time[r] >= plan.from && time[r] <= plan.to) count++;
      }
      answer.count = count;
    }
    return answer;
  }

  /** The rows whose content holds `needle`, when there are few of them (else null); may include dead rows. One
   * tight pass over the content column (1–3 ms at 1M rows) that gives up once there are many. */
  private rare(c: Columns, needle: string): number[] | null {
    const { st, hits } = this.contents.containing(needle);
    const out: number[] = [];
    // no distinct content holds it: nothing to look for
    if (hits === 0) return out;
    const { content } = c;
    for (let r = 0; r < c.n; r++) {
      if (st[content[r]] !== 1) continue;
      if (out.length === this.rareRows) return null;
      out.push(r);
    }
    return out;
  }
}

/** The first i in [0, n) where `ok(i)` holds, for a predicate false then true along the order. */
function lowerBound(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Phone tests: digit needles are integer operations on the phone column; other phones are compared as text. */
/** A bit per pair of neighbouring digits (100 pairs hashed into 32 bits): a phone that lacks a bit of the needle's
 * cannot contain it. About a quarter of the bits are set for an 11-digit phone, so a 4-digit needle's three pairs
 * leave about 3 rows in 100 to the exact test. */
export function digitPairs(p: string): number {
  let bits = 0;
  for (let i = 0; i + 1 < p.length; i++) {
    const a = p.charCodeAt(i) - 48;
    const b = p.charCodeAt(i + 1) - 48;
    if (a >= 0 && a <= 9 && b >= 0 && b <= 9) bits |= 1 << (Math.imul(a * 10 + b + 1, 0x9e3779b1) >>> 27);
  }
  return bits;
}

function phoneTest(c: Columns, op: 'eq' | 'prefix' | 'contains', needle: string): RowTest {
  const asText = (p: string) => (op === 'eq' ? p === needle : op === 'prefix' ? p.startsWith(needle) : p.includes(needle));
  const rawTest: RowTest = (r) => {
    const p = c.raw.get(r);
    return p !== undefined && asText(p);
  };
  if (!PHONE_DIGITS.test(needle)) return needle === '' ? () => true : rawTest;
  const want = Number(needle);
  const nl = needle.length;
  const mod = POW10[nl];
  const { phone, plen } = c;
  if (op === 'eq') return (r) => (plen[r] === nl ? phone[r] === want : plen[r] === 0 && rawTest(r));
  // up to 9 digits: split the phone at its last 6 digits so every step is int32 arithmetic (a double's % is a call)
  const small = nl <= 9;
  if (op === 'prefix') {
    return (r) => {
      const len = plen[r];
      if (len === 0) return rawTest(r);
      if (len < nl) return false;
      if (small && len - nl >= 6 && len - nl <= 15) return (((phone[r] / 1e6) | 0) / POW10_32[len - nl - 6] | 0) === want;
      return Math.floor(phone[r] / POW10[len - nl]) === want;
    };
  }
  const need = digitPairs(needle);
  const { pairs } = c;
  if (small) {
    return (r) => {
      if ((pairs[r] & need) !== need) return false;
      const len = plen[r];
      if (len === 0) return rawTest(r);
      const p = phone[r];
      const hi = (p / 1e6) | 0;
      const lo = (p - hi * 1e6) | 0;
      for (let s = len - nl; s >= 0; s--) {
        const w = s >= 6 ? ((hi / POW10_32[s - 6]) | 0) % mod : s + nl <= 6 ? ((lo / POW10_32[s]) | 0) % mod : (hi % POW10_32[s + nl - 6]) * POW10_32[6 - s] + ((lo / POW10_32[s]) | 0);
        if (w === want) return true;
      }
      return false;
    };
  }
  return (r) => {
    const len = plen[r];
    if (len === 0) return rawTest(r);
    const p = phone[r];
    for (let s = len - nl; s >= 0; s--) if (Math.floor(p / POW10[s]) % mod === want) return true;
    return false;
  };
}
