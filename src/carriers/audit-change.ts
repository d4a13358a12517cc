// An audit line's before and after as plain text: for two objects (a carrier's or a route's settings) only the keys
// that changed, one line each; otherwise each side whole. Values are JSON text, shown as text, never as markup.

export interface ChangeLine {
  /** the changed key, or null for a side shown whole. */
  key: string | null;
  /** JSON text; null: nothing on that side (an addition, a deletion). */
  before: string | null;
  after: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  if (!isObject(before) || !isObject(after)) return [{ key: null, before: json(before), after: json(after) }];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({ key, before: json(before[key]), after: json(after[key]) })).filter((l) => l.before !== l.after);
}

/** One line as text: `port: 2775 → 2776`; `nothing` stands for an absent side. */
export const changeText = (l: ChangeLine, nothing: string): string => `${l.key === null ? '' : `${l.key}: `}${l.before ?? nothing} → ${l.after ?? nothing}`;
