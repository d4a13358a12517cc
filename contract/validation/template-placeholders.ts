// Template placeholders: ${p1}, ${p2}, ... inside the content; the highest index tells how many
// variable columns a personalised send needs.

const PLACEHOLDER = /\$\{p(\d+)\}/g;

/** Distinct placeholder indexes in ascending order. */
export function placeholderIndexes(text: string): number[] {
  const found = new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => Number(m[1])));
  return [...found].filter((n) => n > 0).sort((a, b) => a - b);
}

/** Highest placeholder index, 0 when the text has none. */
export function maxPlaceholderIndex(text: string): number {
  return placeholderIndexes(text).at(-1) ?? 0;
}

/** Replaces ${pN} with values[N-1]; placeholders without a value are left as written. */
export function fillPlaceholders(text: string, values: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

/** The placeholders a text still carries, as written (`${p1}、${p2}`), '' when none: a plain send would send them
 * literally to every number. */
export function unfilledPlaceholders(text: string): string {
  return placeholderIndexes(text)
    .map((n) => `\${p${n}}`)
    .join('、');
}
