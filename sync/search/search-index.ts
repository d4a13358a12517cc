import { MAX_TIME, RECORD_COLLECTIONS, type RecordCollectionName } from '../store/local-db';
import type { Filter, Query, SearchAnswer } from '../query/query-types';
import { Columns, lowerBound } from './columns';
import { Dictionary } from './dictionary';
import { maskLater, maskOf, MASK_SLICE } from './masks';
import { digitPairs } from './phone-tests';
import { planQuery, type Plan, type RowTest } from './query-plan';
import { isSearchCollection, SEARCHABLE, type SearchCollection, type StoredBlock } from './search-spec';

// Local search over the record cache: in-memory columns per record (time, phone as a number, content id,
// account id, status, product line) and one dictionary of distinct contents. A content search is a substring scan
// over the distinct contents (bulk sends repeat theirs), the rest integer compares on the columns, walked newest
// first until the page is full. The columns live in the sync worker, which writes every page and so sees every
// change; side-store.ts keeps them on disk beside RxDB.

const MAX_INV = String(MAX_TIME).length;

/** The `k` of a row (local-db.ts orderKey). */
const keyOf = (c: Columns, r: number) => `${String(MAX_TIME - c.time[r]).padStart(MAX_INV, '0')}:${c.sn[r]}`;

/** Rows of the order a page walk tests one by one before it judges whether to walk on. */
const WALK_BUDGET = 8192;
/** A content substring held by at most this many rows gathers them instead of walking the order. */
const RARE_ROWS = 20_000;

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
        id,
        col,
        sn: c.sn.slice(start, end),
        time: c.time.slice(start, end),
        phone: c.phone.slice(start, end),
        plen: c.plen.slice(start, end),
        raw,
        content: c.content.slice(start, end),
        account: c.account.slice(start, end),
        status: c.status.slice(start, end),
        prod: c.prod.slice(start, end),
        dead: c.dead.slice(start, end),
      };
    }
    return null;
  }

  /** The column filters of a query; null when a filter is not one the columns answer. */
  private plan(col: SearchCollection, filters: Filter[]): Plan | null {
    return planQuery(this.cols[col], SEARCHABLE[col]!, this.contents, this.accounts, filters);
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
        [
          { op: 'eq', field: spec.account, value: this.accounts.texts[c.account[newest]] },
          { op: 'eq', field: spec.prod ?? spec.status!, value: c.prod[newest] },
        ],
        [{ op: 'range', field: spec.time, from: c.time[newest] - 86_400_000, to: c.time[newest] }],
      ];
      for (const filters of runs) this.search({ collection: col, filters, limit: 20 }, filters.length > 1);
    }
  }

  /** Whether the columns answer this query. */
  answers(q: Query): boolean {
    return (
      isSearchCollection(q.collection) &&
      (q.sort ?? 'newest') === 'newest' &&
      this.plan(q.collection, q.filters) !== null
    );
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
      i = Math.max(
        i,
        lowerBound(order.length, (j) => after(order[j])),
      );
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
    const m0 = kept && kept.epoch === c.epoch && c.n - kept.rows < MASK_SLICE ? maskOf(c, plan) : null;
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
    if (walkedOn && !c.masks.has(plan.key)) maskLater(c, plan);
    let count: number | undefined;
    const rest = keys.length < q.limit && i < order.length;
    const few = (rest || withCount) && plan.needle !== undefined ? this.rare(c, plan.needle) : null;
    if (few) {
      // every row that can match, from the content ids that hold the needle
      const hits: number[] = [];
      for (const r of few)
        if (dead[r] === 0 && time[r] >= plan.from && time[r] <= plan.to && (!test || test(r))) hits.push(r);
      count = hits.length;
      if (rest) {
        const page = hits.filter(after).sort(c.cmp).slice(0, q.limit);
        keys = page.map((r) => sn[r]);
        last = page.length ? page[page.length - 1] : -1;
      }
    } else if (rest) {
      // a rare match: the mask answers the rest of the walk with one byte per row
      const m = test ? maskOf(c, plan) : null;
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
        const m = test ? maskOf(c, plan) : null;
        count = 0;
        for (let r = 0; r < c.n; r++)
          if (dead[r] === 0 && (!m || m[r] === 1) && time[r] >= plan.from && time[r] <= plan.to) count++;
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
