// Lists typed as text (route prefixes, countries, accounts, senders, carriers, weights): one value per comma or line,
// as operators paste them from a spreadsheet column or type them in a row. Chinese commas and semicolons count too,
// since a Chinese keyboard gives them; spaces do not, because an alphanumeric sender may hold one.

const SEPARATORS = /[,，、;；\n\r]+/;

/** The values of a typed list, trimmed, empty ones dropped, in the order typed. */
export const splitList = (text: unknown): string[] =>
  String(text ?? '')
    .split(SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);

/** A typed list as the request wants it: absent when nothing was typed (the rule then matches any value). */
export function optionalList(text: unknown): string[] | undefined {
  const list = splitList(text);
  return list.length ? list : undefined;
}

/** A typed list of numbers: a value that is no number stays NaN, so the contract's check names the field. */
export const numberList = (text: unknown): number[] | undefined =>
  optionalList(text)?.map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN));

/** A stored list (or the single value an older rule holds) as text to edit: comma-separated, empty when absent. */
export function listText(list: readonly (string | number)[] | string | number | undefined | null): string {
  if (list === undefined || list === null) return '';
  return (Array.isArray(list) ? list : [list]).join(', ');
}
