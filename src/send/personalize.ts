// One-to-one sends (issue 10): the sheet's columns fill ${p1}, ${p2}… of the content through the column mapping.

const PLACEHOLDER = /\$\{(p\d+)\}/g;

/** The placeholders a content uses, in order of their index (p1, p2, …). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

/** The message of one row: each ${pN} replaced by the mapped column's cell ('' when unmapped). */
export function fillPlaceholders(template: string, row: string[], mapping: Record<string, number>): string {
  return template.replace(PLACEHOLDER, (_, name: string) => (mapping[name] === undefined ? '' : (row[mapping[name]] ?? '')));
}

/** Default mapping: the first column holds the number, p1.. take the next columns. */
export function defaultMapping(placeholders: string[]): Record<string, number> {
  return Object.fromEntries(placeholders.map((p, i) => [p, i + 1]));
}
