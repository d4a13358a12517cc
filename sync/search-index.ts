import { MAX_TIME, RECORD_COLLECTIONS, type RecordCollectionName } from './local-db';
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

/** Strings to small ids, append-only (ids are never reused until a rebuild). */
export class Dictionary {
  readonly texts: string[] = [];
  private readonly ids = new Map<string, number>();
  /** substring matches already worked out, extended as the dictionary grows. */
  private readonly matches = new Map<string, { upTo: number; hit: Uint8Array }>();
  idOf(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.ids.set(text, id);
    }
    return id;
  }
  find(text: string): number | undefined {
    return this.ids.get(text);
  }
  load(texts: string[]) {
    for (const t of texts) this.idOf(t);
  }
  /** a flag per id: the text contains `needle`. */
  containing(needle: string): Uint8Array {
    let m = this.matches.get(needle);
    const n = this.texts.length;
    if (!m || m.hit.length < n) {
      const hit = new Uint8Array(Math.max(n, 16) + (n >> 3));
      if (m) hit.set(m.hit.subarray(0, m.upTo));
      m = { upTo: m?.upTo ?? 0, hit };
    }
    for (let i = m.upTo; i < n; i++) if (this.texts[i].includes(needle)) m.hit[i] = 1;
    m.upTo = n;
    if (this.matches.size > 32) this.matches.clear();
    this.matches.set(needle, m);
    return m.hit;
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
  raw = new Map<number, string>();
  content = new Uint32Array(1024);
  account = new Uint32Array(1024);
  status = new Int16Array(1024);
  prod = new Uint8Array(1024);
  dead = new Uint8Array(1024);
  block = new Int32Array(1024);
  rowOf = new Map<string, number>();
  /** rows newest first (time descending, then key ascending: the order of `k`); may hold dead rows. */
  order = new Int32Array(0);
  pending: number[] = [];
  /** the row ranges of each block. */
  blocks = new Map<number, { start: number; end: number }>();

  private ensure(cap: number) {
    if (cap <= this.time.length) return;
    const c = Math.max(cap, this.time.length * 2);
    this.time = grow(this.time, c);
    this.phone = grow(this.phone, c);
    this.plen = grow(this.plen, c);
    this.content = grow(this.content, c);
    this.account = grow(this.account, c);
    this.status = grow(this.status, c);
    this.prod = grow(this.prod, c);
    this.dead = grow(this.dead, c);
    this.block = grow(this.block, c);
  }

  setPhone(r: number, p: string) {
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
    this.block[r] = block;
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
    const add = Int32Array.from(this.pending.filter((r) => !this.dead[r])).sort(this.cmp);
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

export class SearchIndex {
  readonly contents = new Dictionary();
  readonly accounts = new Dictionary();
  readonly cols: Record<SearchCollection, Columns> = { mt_records: new Columns(), mo_records: new Columns() };
  nextBlock = 1;
  /** blocks written or changed since the side store last saved them. */
  readonly dirty = new Set<number>();
  /** RxDB's last write time per collection, as the columns have seen it. */
  readonly lwt: Record<SearchCollection, number> = { mt_records: 0, mo_records: 0 };

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
        this.dirty.add(c.block[r]);
      } else {
        if (r !== undefined) {
          this.dirty.add(c.block[r]);
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
      this.dirty.add(c.block[r]);
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

  /** The row test for a query's filters; null when a filter is not one the columns answer. */
  private tester(col: SearchCollection, filters: Filter[]): { test: RowTest; from: number; to: number } | null {
    const spec = SEARCHABLE[col]!;
    const c = this.cols[col];
    const tests: RowTest[] = [];
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
      } else if (f.field === spec.status || f.field === spec.prod) {
        const vs = ints(f);
        if (!vs) return null;
        const arr = f.field === spec.status ? c.status : c.prod;
        const set = new Set(vs);
        tests.push(vs.length === 1 ? (r) => arr[r] === vs[0] : (r) => set.has(arr[r]));
      } else if (f.field === spec.account) {
        if (f.op !== 'eq' && f.op !== 'in') return null;
        const vs = f.op === 'eq' ? [f.value] : f.values;
        if (!vs.every((v) => typeof v === 'string')) return null;
        const ids = new Set(vs.map((v) => this.accounts.find(String(v))).filter((v): v is number => v !== undefined));
        tests.push((r) => ids.has(c.account[r]));
      } else if (f.field === spec.content) {
        if (f.op === 'contains') {
          const hit = this.contents.containing(f.value);
          tests.push((r) => hit[c.content[r]] === 1);
        } else if (f.op === 'eq' && typeof f.value === 'string') {
          const id = this.contents.find(f.value);
          tests.push((r) => c.content[r] === id);
        } else return null;
      } else if (f.field === spec.phone) {
        if (f.op !== 'eq' && f.op !== 'prefix' && f.op !== 'contains') return null;
        if (typeof f.value !== 'string') return null;
        tests.push(phoneTest(c, f.op, f.value));
      } else return null;
    }
    const test: RowTest = tests.length === 0 ? () => true : tests.length === 1 ? tests[0] : (r) => tests.every((t) => t(r));
    return { test, from, to };
  }

  /** Rows, distinct contents and an estimate of the bytes the columns hold (the bench reports them). */
  stats(): { rows: Record<SearchCollection, number>; contents: number; bytes: number } {
    let bytes = 0;
    const rows = {} as Record<SearchCollection, number>;
    for (const [name, c] of Object.entries(this.cols) as Array<[SearchCollection, Columns]>) {
      rows[name] = c.live;
      // 8+8+1+4+4+2+1+1+4 bytes of typed columns and 4 of order per row, and the key strings (UTF-16, plus a header)
      bytes += c.time.length * 33 + c.order.length * 4 + c.sn.reduce((s, k) => s + 16 + k.length * 2, 0);
    }
    bytes += this.contents.texts.reduce((s, t) => s + 16 + t.length * 2, 0);
    return { rows, contents: this.contents.texts.length, bytes };
  }

  /** Whether the columns answer this query. */
  answers(q: Query): boolean {
    return isSearchCollection(q.collection) && (q.sort ?? 'newest') === 'newest' && this.tester(q.collection, q.filters) !== null;
  }

  /** One page newest first after the cursor, and the count of every match when asked; null when it cannot answer. */
  search(q: Query, withCount = false): SearchAnswer | null {
    if (!isSearchCollection(q.collection) || (q.sort ?? 'newest') !== 'newest') return null;
    const t = this.tester(q.collection, q.filters);
    if (!t) return null;
    const c = this.cols[q.collection];
    const order = c.ordered();
    // the first row at or below `to`, then past the cursor
    let pos = lowerBound(order.length, (i) => c.time[order[i]] <= t.to);
    if (q.after) {
      const time = MAX_TIME - Number(q.after.slice(0, MAX_INV));
      const sn = q.after.slice(MAX_INV + 1);
      pos = Math.max(pos, lowerBound(order.length, (i) => {
        const r = order[i];
        return c.time[r] < time || (c.time[r] === time && c.sn[r] > sn);
      }));
    }
    const keys: string[] = [];
    let last = -1;
    for (let i = pos; i < order.length && keys.length < q.limit; i++) {
      const r = order[i];
      if (c.time[r] < t.from) break;
      if (c.dead[r] || !t.test(r)) continue;
      keys.push(c.sn[r]);
      last = r;
    }
    const answer: SearchAnswer = { keys, next: keys.length === q.limit && last >= 0 ? keyOf(c, last) : null };
    if (withCount) {
      let n = 0;
      const start = lowerBound(order.length, (i) => c.time[order[i]] <= t.to);
      for (let i = start; i < order.length; i++) {
        const r = order[i];
        if (c.time[r] < t.from) break;
        if (!c.dead[r] && t.test(r)) n++;
      }
      answer.count = n;
    }
    return answer;
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
  if (op === 'prefix') {
    return (r) => {
      const len = plen[r];
      if (len === 0) return rawTest(r);
      return len >= nl && Math.floor(phone[r] / POW10[len - nl]) === want;
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
