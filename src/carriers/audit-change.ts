// An audit line's before and after as plain text: for two objects (a carrier's or a route's settings) only the keys
// that changed, one line each; otherwise each side whole. Values are JSON text, shown as text, never as markup.
// An operator action on a carrier (enable, disable, weight, reconnect) records only what it set as `after`: a key it
// left out did not change, so only the keys it set are compared, and a reconnect (nothing set) has no line.

export interface ChangeLine {
  /** the changed key, or null for a side shown whole. */
  key: string | null;
  /** JSON text; null: nothing on that side (an addition, a deletion). */
  before: string | null;
  after: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const json = (v: unknown): string | null => (v === undefined || v === null ? null : JSON.stringify(v));

/** Whether an audit action records only what it set (a carrier action), not a whole object (a save, a deletion). */
export const setsOnly = (action: string): boolean => /^carrier\.(enable|disable|weight|reconnect)$/.test(action);

export function changeLines(before: unknown, after: unknown, partial = false): ChangeLine[] {
  if (partial && (after === null || after === undefined)) return [];
  if (!isObject(before) || !isObject(after)) return [{ key: null, before: json(before), after: json(after) }];
  const keys = partial ? Object.keys(after) : [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .map((key) => ({ key, before: json(before[key]), after: json(after[key]) }))
    .filter((l) => l.before !== l.after);
}

/** One line as text: `port: 2775 → 2776`; `nothing` stands for an absent side. */
export const changeText = (l: ChangeLine, nothing: string): string =>
  `${l.key === null ? '' : `${l.key}: `}${l.before ?? nothing} → ${l.after ?? nothing}`;
