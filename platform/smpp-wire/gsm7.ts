// The GSM 03.38 default alphabet and its extension table, one septet per octet as SMPP carries it (unpacked).

const ESC = 0x1b;

// index = septet value; the escape position holds a placeholder that no text maps to
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u0000ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

const EXTENSION: ReadonlyArray<[number, string]> = [
  [0x0a, '\f'],
  [0x14, '^'],
  [0x28, '{'],
  [0x29, '}'],
  [0x2f, '\\'],
  [0x3c, '['],
  [0x3d, '~'],
  [0x3e, ']'],
  [0x40, '|'],
  [0x65, '€'],
];

const TO_SEPTET = new Map<string, number>();
for (let i = 0; i < BASIC.length; i++) if (i !== ESC) TO_SEPTET.set(BASIC[i], i);
const TO_EXTENSION = new Map<string, number>(EXTENSION.map(([code, ch]) => [ch, code]));
const FROM_EXTENSION = new Map<number, string>(EXTENSION);

export function isGsm7Encodable(text: string): boolean {
  for (const ch of text) if (!TO_SEPTET.has(ch) && !TO_EXTENSION.has(ch)) return false;
  return true;
}

/** Septets the text takes: an extension character is the escape plus its code. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const ch of text) n += TO_EXTENSION.has(ch) ? 2 : 1;
  return n;
}

/** Text into unpacked septets; a character outside both tables becomes `?` (or throws when strict). */
export function encodeGsm7(text: string, strict = false): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const basic = TO_SEPTET.get(ch);
    if (basic !== undefined) {
      out.push(basic);
      continue;
    }
    const ext = TO_EXTENSION.get(ch);
    if (ext !== undefined) {
      out.push(ESC, ext);
      continue;
    }
    if (strict) throw new RangeError(`"${ch}" is not in the GSM 7-bit alphabet`);
    out.push(0x3f);
  }
  return Buffer.from(out);
}

/**
 * Unpacked septets into text. Bytes above 0x7f are not septets; like an escape followed by a code the extension
 * table lacks, they read as the phone would show them: the basic character (high bit dropped), or a space for a
 * trailing escape.
 */
export function decodeGsm7(septets: Buffer): string {
  let s = '';
  for (let i = 0; i < septets.length; i++) {
    const c = septets[i] & 0x7f;
    if (c !== ESC) {
      s += BASIC[c];
      continue;
    }
    if (i + 1 >= septets.length) {
      s += ' ';
      continue;
    }
    const next = septets[++i] & 0x7f;
    s += FROM_EXTENSION.get(next) ?? (next === ESC ? ' ' : BASIC[next]);
  }
  return s;
}
