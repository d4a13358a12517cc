// Template placeholders: ${p1}, ${p2}, ... inside the content; the highest index tells how many
// variable columns a personalised send needs. This module is the one rule of what a placeholder is: template forms,
// the platform's template and send doors, and the console's editor all ask it.

/** ${p1} to ${p999}: each index becomes a column of the personalised send's import sheet, so it is bounded. */
const PLACEHOLDER = /\$\{(p([1-9]\d{0,2}))\}/g;
/** What a placeholder's inside must be: p and a positive index without leading zeros, nothing else. */
const VALID_INSIDE = /^p[1-9]\d{0,2}$/;
/** A `${` and what follows it up to its `}` (at most 30 characters, on one line), or up to where it breaks off. */
const OPENING = /\$\{([^{}$\n]{0,30})(\})?/g;
/** How many offending placeholders a message names (each is at most 33 characters, OPENING): a refusal stays short. */
const NAMED_MAX = 3;

/** Distinct placeholder indexes in ascending order. */
export function placeholderIndexes(text: string): number[] {
  const found = new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => Number(m[2])));
  return [...found].sort((a, b) => a - b);
}

/** Highest placeholder index, 0 when the text has none. */
export function maxPlaceholderIndex(text: string): number {
  return placeholderIndexes(text).at(-1) ?? 0;
}

/** Replaces ${pN} with values[N-1]; placeholders without a value are left as written. */
export function fillPlaceholders(text: string, values: readonly string[]): string {
  return text.replace(PLACEHOLDER, (whole, _name: string, n: string) => values[Number(n) - 1] ?? whole);
}

/** A fresh global pattern of the valid placeholders: group 1 the name (`p3`), group 2 its index (`3`). */
export const placeholderPattern = () => new RegExp(PLACEHOLDER.source, 'g');

/** The placeholders a text still carries, as written (`${p1}、${p2}`), '' when none: a plain send would send them
 * literally to every number. */
export function unfilledPlaceholders(text: string): string {
  return placeholderIndexes(text)
    .map((n) => `\${p${n}}`)
    .join('、');
}

/** Each `${…}` of a text that is no placeholder, as written, once each in order of appearance: `${name}`, `${}`,
 * `${p0}`, `${ p1}`, `${P1}`, `${p01}`, `${p1000}`; an unterminated one (`${p1` then text) up to where its word ends.
 * Such a text would be counted as having no variable and go out as written, so every door refuses it. */
export function invalidPlaceholders(text: string): string[] {
  if (!text.includes('${')) return [];
  const found = new Set<string>();
  for (const m of text.matchAll(OPENING)) {
    const [whole, inside, closed] = m;
    if (closed && VALID_INSIDE.test(inside)) continue;
    found.add(closed ? whole : `\${${/^\w*/.exec(inside)![0]}`);
  }
  return [...found];
}

/** How a refusal names the offending placeholders: the first few, '…' when there are more. */
export function namedPlaceholders(invalid: readonly string[]): string {
  const named = invalid.slice(0, NAMED_MAX).join(' ');
  return invalid.length > NAMED_MAX ? `${named} …` : named;
}

/** The issue a text with an invalid placeholder raises in a schema: the key names them through `{names}`. */
export const PLACEHOLDER_INVALID = 'v.template.placeholderInvalid';

/** A zod check (superRefine) for a text field: one issue naming its invalid placeholders, none when it has none;
 * `path` places it when the check runs on the object holding the text. */
export function checkPlaceholders(
  text: string,
  ctx: {
    addIssue: (issue: { code: 'custom'; message: string; params: { names: string }; path?: PropertyKey[] }) => void;
  },
  path?: PropertyKey[],
): void {
  const invalid = invalidPlaceholders(text);
  if (invalid.length > 0)
    ctx.addIssue({
      code: 'custom',
      message: PLACEHOLDER_INVALID,
      params: { names: namedPlaceholders(invalid) },
      ...(path ? { path } : {}),
    });
}
