// Whether a reply asks to stop messages (opt-out) or to have them again (opt-in). Phones send the word in whatever
// form their keyboard gives: full-width letters from a Chinese input method, trailing punctuation ("Stop!", "T。"),
// spaces around it, any case. Every form is folded the same way (NFKC, lower case, punctuation and spaces stripped
// at both ends) before it is compared, so a keyword list holds each word once.

/** Default keywords of an enterprise that has set none. */
export const DEFAULT_OPT_OUT_WORDS = ['T', 'TD', '退订', 'STOP', 'UNSUBSCRIBE'] as const;
export const DEFAULT_OPT_IN_WORDS = ['START', 'UNSTOP', '订阅'] as const;

/** The most keywords a list holds, and the longest keyword: bounds of the settings' request fields. */
export const OPT_WORDS_MAX = 20;
export const OPT_WORD_MAX = 20;

/** Punctuation, symbols and white space a phone adds around the word. */
const EDGES = /^[\p{P}\p{S}\p{Z}\s]+|[\p{P}\p{S}\p{Z}\s]+$/gu;

/** The form a reply or a keyword is compared in. */
export const foldKeyword = (text: string) => text.normalize('NFKC').toLowerCase().replace(EDGES, '');

export type OptAction = 'optOut' | 'optIn';

export interface OptKeywords {
  optOut: readonly string[];
  optIn: readonly string[];
}

/** What the reply asks for, or null when it is no keyword. Opt-in wins when a word is on both lists, so a recipient
 * can always get back. A reply longer than any keyword is never one (a sentence that starts with "t" is not "T"). */
export function optActionOf(reply: string, words: OptKeywords): OptAction | null {
  if (reply.length > OPT_WORD_MAX * 4) return null;
  const folded = foldKeyword(reply);
  if (folded === '') return null;
  if (words.optIn.some((w) => foldKeyword(w) === folded)) return 'optIn';
  if (words.optOut.some((w) => foldKeyword(w) === folded)) return 'optOut';
  return null;
}

/** A keyword list as stored: folded forms, blanks and repeats removed. */
export const normalizeKeywords = (words: readonly string[]) => [
  ...new Set(words.map(foldKeyword).filter((w) => w !== '')),
];
