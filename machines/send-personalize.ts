import { placeholderPattern } from '../contract/validation/template-placeholders';

// One-to-one sends: the sheet's columns fill ${p1}, ${p2}… of the content through the column mapping. What a
// placeholder is, is the contract's one rule.

/** The placeholders a content uses, in order of their index (p1, p2, …). */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(placeholderPattern())].map((m) => m[1]))].sort(
    (a, b) => Number(a.slice(1)) - Number(b.slice(1)),
  );
}

/** The message of one row: each ${pN} replaced by the mapped column's cell ('' when unmapped). */
export function fillPlaceholders(template: string, row: string[], mapping: Record<string, number>): string {
  return template.replace(placeholderPattern(), (_, name: string) =>
    mapping[name] === undefined ? '' : (row[mapping[name]] ?? ''),
  );
}

/** Default mapping: the first column holds the number, p1.. take the next columns. */
export function defaultMapping(placeholders: string[]): Record<string, number> {
  return Object.fromEntries(placeholders.map((p, i) => [p, i + 1]));
}

/** What the worker read of an uploaded sheet: its size and its first rows. */
export interface SheetInfo {
  rowCount: number;
  columns: number;
  preview: string[][];
}

/** A sheet whose first row holds no number-like cell starts with a header row. */
export const hasHeader = (sheet: Pick<SheetInfo, 'preview'>) => !/\d{5,}/.test(sheet.preview[0]?.join('') ?? '');

/** The mapping in effect: the operator's choices over the default one. */
export const fullMapping = (content: string, mapping: Record<string, number>) => ({
  ...defaultMapping(placeholdersOf(content)),
  ...mapping,
});

export type PersonalContents = Array<{ mobile: string; content: string }>;

/** What the worker fills the messages from: the sheet it holds, read with this content, number column and mapping. */
export interface PersonalizeInput {
  template: string;
  mobileColumn: number;
  mapping: Record<string, number>;
  skipHeader: boolean;
}

/** How long edits of the content or the mapping must pause before the messages are filled again. */
export const PERSONALIZE_DELAY_MS = 300;
