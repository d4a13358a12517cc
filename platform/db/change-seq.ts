import type { Queryable } from './db';

// The highest seq at or below which no row can still appear: every transaction that took such a seq has ended
// (migration 006). Forward pulls stop there, so a row committed late with a low seq is never skipped. On PGlite
// transactions run one at a time and no writer is ever listed, so the first sample is final.

interface Sample {
  handed: number;
  writers: string[];
}
interface State {
  /** highest value known safe; only grows. */
  safe: number;
  /** samples above `safe` whose writers were still running when last looked at. */
  pending: Sample[];
}

/** Polls for the listed writers to end (ms between polls); short writers end within the first few. Then the last
 * known safe value answers, so a long transaction (a 100k-number send) delays pulls by this much, not its length. */
const POLLS_MS = [1, 2, 4, 8, 16, 32];
const MAX_PENDING = 64;

const states = new WeakMap<Queryable, State>();

async function sample(q: Queryable): Promise<Sample> {
  const [s] = await q.query<{ handed: number; writers: string[] }>('select handed, writers from change_seq_sample()');
  return { handed: Number(s.handed), writers: s.writers };
}

/** Promotes every pending sample none of whose writers is still writing; a safe value covers every lower one. */
function settle(st: State, writing: string[]) {
  const now = new Set(writing);
  for (const p of st.pending) if (!p.writers.some((w) => now.has(w))) st.safe = Math.max(st.safe, p.handed);
  st.pending = st.pending.filter((p) => p.handed > st.safe);
}

async function refresh(q: Queryable, st: State): Promise<number> {
  const first = await sample(q);
  settle(st, first.writers);
  if (first.writers.length === 0) return (st.safe = Math.max(st.safe, first.handed));
  st.pending.push(first);
  // forgetting a sample only delays: keep the highest ones
  if (st.pending.length > MAX_PENDING) st.pending = st.pending.sort((a, b) => a.handed - b.handed).slice(-MAX_PENDING);
  for (const ms of POLLS_MS) {
    await new Promise((r) => setTimeout(r, ms));
    settle(st, (await sample(q)).writers);
    if (st.safe >= first.handed) break;
  }
  return st.safe;
}

/** The safe upper bound for a pull on this database, from a sample taken after the call (so a pull that follows a
 * commit's notice sees that commit unless an older writer is still running). The cache is per instance and only
 * speeds up the fallback: every instance derives its own from the database. */
export async function safeChangeSeq(q: Queryable): Promise<number> {
  let st = states.get(q);
  if (!st) states.set(q, (st = { safe: 0, pending: [] }));
  return refresh(q, st);
}
