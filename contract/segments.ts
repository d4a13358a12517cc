import { SEGMENT_GSM_MULTI, SEGMENT_GSM_SINGLE, SEGMENT_UCS2_MULTI, SEGMENT_UCS2_SINGLE } from './constants';

// Billing segments per 3GPP TS 23.038: the GSM 7-bit default alphabet (one septet) plus its extension
// table (escape + char = two septets); anything else forces UCS-2, counted in UTF-16 code units.

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SegmentCount {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 code units (UCS-2) the text occupies. */
  units: number;
  segments: number;
  /** capacity of one segment for this text: 160/153 or 70/67. */
  perSegment: number;
}

export function isGsm7Char(ch: string): boolean {
  return BASIC.has(ch) || EXTENSION.has(ch);
}

/** Units of each indivisible piece of the text: an escaped char is 2 septets, a surrogate pair 2 code units. */
function pieces(text: string): { encoding: SmsEncoding; sizes: number[] } {
  const chars = Array.from(text); // code points, so a surrogate pair stays one piece
  if (chars.every(isGsm7Char)) return { encoding: 'GSM-7', sizes: chars.map((c) => (EXTENSION.has(c) ? 2 : 1)) };
  return { encoding: 'UCS-2', sizes: chars.map((c) => c.length) };
}

/** Parts needed when pieces may not straddle a part boundary. */
function packParts(sizes: number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

export function countSegments(text: string): SegmentCount {
  const { encoding, sizes } = pieces(text);
  const units = sizes.reduce((a, b) => a + b, 0);
  const [single, multi] =
    encoding === 'GSM-7' ? [SEGMENT_GSM_SINGLE, SEGMENT_GSM_MULTI] : [SEGMENT_UCS2_SINGLE, SEGMENT_UCS2_MULTI];
  if (units === 0) return { encoding, units, segments: 0, perSegment: single };
  if (units <= single) return { encoding, units, segments: 1, perSegment: single };
  return { encoding, units, segments: packParts(sizes, multi), perSegment: multi };
}

/** The simple billing rule: 160 when the text is English letters, digits and ASCII only, otherwise 70. */
export function billingSegmentLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7F]*$/.test(text) ? SEGMENT_GSM_SINGLE : SEGMENT_UCS2_SINGLE;
}
