import { kHigh, kLow } from '../store/local-db';
import type { Filter, Query, SearchAnswer } from '../query/query-types';
import { Grams } from './grams';

// The address book's members in memory, for the member list's searches: the local replica's query planner answers a
// "name contains" with a regex over every member (3 s at 100,000), the platform with a trigram index. Here each
// searchable text has posting lists of its 2- and 3-character grams (the records' content grams, by group of 64
// rows), so a contains or prefix filter of 2+ characters looks only at the rows of the groups holding all its grams;
// what is left (page 1 of a group, one character) walks the members newest first until the page is full. Answers
// are exactly the replica's: the same tests on the same fields (case-sensitive, as the platform's LIKE), the same
// newest-first order by `k` and keyset cursor.

/** The member fields a search may test; a filter on any other field is left to the replica. */
export const MEMBER_TEXTS = ['name', 'mobile', 'email', 'remark'] as const;
const EQ_FIELDS = ['id', 'kind', 'cus_id', 'groupId', 'groupName', ...MEMBER_TEXTS] as const;
type Field = (typeof EQ_FIELDS)[number];
type Text = (typeof MEMBER_TEXTS)[number];
const isText = (f: string): f is Text => (MEMBER_TEXTS as readonly string[]).includes(f);
const isField = (f: string): f is Field => (EQ_FIELDS as readonly string[]).includes(f);

const GROUP = 64;

export type MemberDoc = Record<string, unknown> & { id: string; k: string };

export class MemberIndex {
  private readonly rows: MemberDoc[] = [];
  private dead = new Uint8Array(1024);
  private readonly rowOf = new Map<string, number>();
  private readonly grams: Record<Text, Grams> = {
    name: new Grams(),
    mobile: new Grams(),
    email: new Grams(),
    remark: new Grams(),
  };
  /** live and dead rows in `k` order (newest first), rebuilt when rows were added since */
  private order: Int32Array = new Int32Array(0);
  /** each ordered row's position in `order` */
  private rank: Int32Array = new Int32Array(0);
  private ordered = 0;
  private deadRows = 0;

  /** live members */
  get size(): number {
    return this.rowOf.size;
  }

  /** rows held, dead ones included: past twice the live ones the index is better built again */
  get held(): number {
    return this.rows.length;
  }

  ids(): IterableIterator<string> {
    return this.rowOf.keys();
  }

  /** Adds members or replaces them (an edit is a new row; the old one is dead). Documents other than live members
   * (groups, tombstones) take their id out. */
  put(docs: Record<string, unknown>[]): void {
    for (const d of docs) {
      const id = String(d.id);
      this.remove([id]);
      if (d.kind !== 'member' || d._deleted === '1' || d._deleted === true || typeof d.k !== 'string') continue;
      const row = this.rows.length;
      const kept: MemberDoc = { id, k: d.k };
      for (const f of EQ_FIELDS) if (f !== 'id') kept[f] = d[f];
      this.rows.push(kept);
      if (row >= this.dead.length) {
        const grown = new Uint8Array(this.dead.length * 2);
        grown.set(this.dead);
        this.dead = grown;
      }
      for (const f of MEMBER_TEXTS) if (typeof kept[f] === 'string') this.grams[f].add(row, kept[f] as string);
      this.rowOf.set(id, row);
    }
  }

  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const row = this.rowOf.get(id);
      if (row === undefined) continue;
      this.dead[row] = 1;
      this.deadRows++;
      this.rowOf.delete(id);
    }
  }

  /** One page newest first, and the count of every match when asked; null when a filter is not one it can test. */
  search(q: Query, withCount: boolean): SearchAnswer | null {
    // the index holds members only: a query that may match groups is the replica's
    if (
      (q.sort ?? 'newest') !== 'newest' ||
      !q.filters.some((f) => f.op === 'eq' && f.field === 'kind' && f.value === 'member')
    )
      return null;
    const test = matcher(q);
    if (!test) return null;
    const order = this.inOrder();
    // a later page starts past its cursor (rows at or before it fail the test anyway)
    const start = q.after ? this.after(order, q.after) : 0;
    const out: number[] = [];
    let count = 0;
    const cands = this.candidates(q.filters);
    if (cands !== null) {
      // the candidates' matches marked at their place in `k` order, read from the cursor on: no sort of the matches
      const hit = new Uint8Array(order.length);
      for (const r of cands) {
        if (this.dead[r] || !test(this.rows[r])) continue;
        hit[this.rank[r]] = 1;
        count++;
      }
      for (let i = start; i < order.length && out.length <= q.limit; i++) if (hit[i]) out.push(order[i]);
      return this.page(out, q.limit, withCount ? count : undefined);
    }
    // a count walks every row
    for (let i = withCount ? 0 : start; i < order.length; i++) {
      const r = order[i];
      if (this.dead[r] || !test(this.rows[r])) continue;
      count++;
      if (out.length <= q.limit) out.push(r);
      else if (!withCount) break;
    }
    return this.page(out, q.limit, withCount ? count : undefined);
  }

  private page(rows: number[], limit: number, count: number | undefined): SearchAnswer {
    const shown = rows.slice(0, limit);
    // the replica's cursor: the last row's k when the page is full (an empty next page ends the list)
    const next = limit > 0 && shown.length === limit ? this.rows[shown[shown.length - 1]].k : null;
    return { keys: shown.map((r) => this.rows[r].id), next, ...(count !== undefined ? { count } : {}) };
  }

  /** The rows that may match every text filter of 2+ characters, by their grams; null when none narrows. */
  private candidates(filters: Filter[]): number[] | null {
    let groups: number[] | null = null;
    const end = Math.ceil(this.rows.length / GROUP);
    for (const f of filters) {
      if ((f.op !== 'contains' && f.op !== 'prefix') || !isText(f.field)) continue;
      const g = this.grams[f.field].groups(f.value, 0, end);
      if (g === null) continue;
      groups = groups === null ? g : intersect(groups, g);
    }
    if (groups === null) return null;
    const out: number[] = [];
    for (const g of groups)
      for (let r = g * GROUP, to = Math.min(this.rows.length, r + GROUP); r < to; r++) out.push(r);
    return out;
  }

  /** the first position in `order` whose k is past `k` */
  private after(order: Int32Array, k: string): number {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.rows[order[mid]].k <= k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private inOrder(): Int32Array {
    const added = this.rows.length - this.ordered;
    const fresh = this.deadRows * 4 < this.order.length;
    if (added === 0 && fresh) return this.order;
    const byK = (a: number, b: number) => cmp(this.rows[a].k, this.rows[b].k);
    if (added <= 1024 && fresh) {
      // a few rows written since (an edit, a pull): merged in, not the whole index sorted again
      const more: number[] = [];
      for (let r = this.ordered; r < this.rows.length; r++) if (!this.dead[r]) more.push(r);
      more.sort(byK);
      const merged = new Int32Array(this.order.length + more.length);
      let i = 0;
      let j = 0;
      let n = 0;
      while (i < this.order.length || j < more.length) {
        merged[n++] =
          j >= more.length || (i < this.order.length && byK(this.order[i], more[j]) <= 0) ? this.order[i++] : more[j++];
      }
      this.order = merged;
    } else {
      this.order = Int32Array.from([...this.rowOf.values()].sort(byK));
      this.deadRows = 0;
    }
    this.ordered = this.rows.length;
    this.rank = new Int32Array(this.rows.length);
    for (let i = 0; i < this.order.length; i++) this.rank[this.order[i]] = i;
    return this.order;
  }

  /** The live members in a new index: edits and removals leave dead rows behind. */
  compacted(): MemberIndex {
    const next = new MemberIndex();
    next.put([...this.rowOf.values()].sort((a, b) => a - b).map((r) => ({ ...this.rows[r], kind: 'member' })));
    return next;
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      out.push(a[i]);
      i++;
      j++;
    }
  }
  return out;
}

/** The row test of a query, as the replica's query selects (query.ts toRxQuery): equality, in, prefix as a string
 * range, contains as a substring, the time range and the cursor as bounds on `k`. */
function matcher(q: Query): ((d: MemberDoc) => boolean) | null {
  const tests: ((d: MemberDoc) => boolean)[] = [];
  let kMin: string | null = null;
  let kMinOpen = false;
  let kMax: string | null = null;
  for (const f of q.filters) {
    if (f.op === 'range') {
      // newer members have smaller k: "to" bounds k from below, "from" from above
      if (f.to !== undefined) kMin = kLow(f.to);
      if (f.from !== undefined) kMax = kHigh(f.from);
      continue;
    }
    if (!isField(f.field)) return null;
    const field = f.field;
    if (f.op === 'eq') {
      const v = f.value;
      tests.push((d) => d[field] === v);
    } else if (f.op === 'in') {
      const vs = f.values;
      tests.push((d) => vs.includes(d[field] as never));
    } else if (f.op === 'prefix') {
      const lo = f.value;
      const hi = `${f.value}\uffff`;
      tests.push((d) => typeof d[field] === 'string' && (d[field] as string) >= lo && (d[field] as string) < hi);
    } else if (f.op === 'contains') {
      const needle = f.value;
      tests.push((d) => typeof d[field] === 'string' && (d[field] as string).includes(needle));
    }
  }
  if (q.after && (kMin === null || q.after >= kMin)) {
    kMin = q.after;
    kMinOpen = true;
  }
  const lo = kMin;
  const hi = kMax;
  if (lo !== null) tests.push(kMinOpen ? (d) => d.k > lo : (d) => d.k >= lo);
  if (hi !== null) tests.push((d) => d.k <= hi);
  return (d) => {
    for (const t of tests) if (!t(d)) return false;
    return true;
  };
}
