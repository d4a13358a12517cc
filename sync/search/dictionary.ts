import { KeyIndex } from './key-index';
import { GRAM_GROUP, Grams } from './grams';

// The distinct strings of a column (contents, account ids) as small ids, with the substring tests of a content search.

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
      for (const g of groups)
        for (let id = Math.max(g * GRAM_GROUP, m.full), end = Math.min(g * GRAM_GROUP + GRAM_GROUP, n); id < end; id++)
          test(id);
      for (let id = m.full; id < n; id++) if (st[id] === 0) st[id] = 2;
    } else for (let id = m.full; id < n; id++) test(id);
    m.full = n;
    return m;
  }
}
