// Where a send's numbers come from: pasted text (short lists in the text box, long ones kept out of it), a column of
// an uploaded sheet, and address-book groups. The send machine keeps them and sends their merged list.

export interface NumberSources {
  pasted: string;
  /** a long pasted list, kept out of the text box: laying out 100,000 lines there costs the page seconds. */
  bulk: string;
  file: string;
  groups: string;
}
export const NO_SOURCES: NumberSources = { pasted: '', bulk: '', file: '', groups: '' };
export const mergeSources = (s: NumberSources) =>
  [s.pasted, s.bulk, s.file, s.groups].filter((x) => x.trim() !== '').join('\n');

/** Lists longer than this many lines leave the text box for `bulk`. */
export const BULK_LINES = 2000;
export function lineCount(text: string, stopAt = Infinity): number {
  let n = text === '' ? 0 : 1;
  for (let i = text.indexOf('\n'); i >= 0 && n <= stopAt; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
/** Pasted text as sources: short lists stay editable in the box, long ones go to `bulk`. */
export function withPasted(s: NumberSources, text: string): NumberSources {
  return lineCount(text, BULK_LINES) > BULK_LINES
    ? { ...s, pasted: '', bulk: [s.bulk, text].filter(Boolean).join('\n') }
    : { ...s, pasted: text };
}
