// Stroke outlines of the captcha alphabet on a 10 x 14 grid (x right, y down, baseline at 14). The captcha draws these
// itself, distorted, instead of asking a font for the characters: a <text> element hands its character to any script.
// Each stroke is a pen path of M (move), L (line) and Q (quadratic curve: control point, end point) commands.

export type GlyphCommand =
  { op: 'M' | 'L'; to: [number, number] } | { op: 'Q'; ctrl: [number, number]; to: [number, number] };
export type GlyphStroke = GlyphCommand[];

const P_BOWL = 'M1 14 L1 0 L6 0 Q9.5 0 9.5 3.75 Q9.5 7.5 6 7.5 L1 7.5';

const OUTLINES: Record<string, string[]> = {
  A: ['M1 14 L5 0 L9 14', 'M2.7 9 L7.3 9'],
  B: ['M1 14 L1 0 L6 0 Q9 0 9 3.5 Q9 7 6 7 L1 7', 'M6 7 Q9.5 7 9.5 10.5 Q9.5 14 6 14 L1 14'],
  C: ['M9 2 Q7.5 0 5 0 Q1 0 1 7 Q1 14 5 14 Q7.5 14 9 12'],
  D: ['M1 0 L1 14 L5 14 Q9.5 14 9.5 7 Q9.5 0 5 0 L1 0'],
  E: ['M9 0 L1 0 L1 14 L9 14', 'M1 7 L7 7'],
  F: ['M9 0 L1 0 L1 14', 'M1 7 L7 7'],
  G: ['M9 2 Q7.5 0 5 0 Q1 0 1 7 Q1 14 5 14 Q9 14 9 9 L9 8 L5.5 8'],
  H: ['M1 0 L1 14', 'M9 0 L9 14', 'M1 7 L9 7'],
  J: ['M3 0 L9 0', 'M7 0 L7 10 Q7 14 4 14 Q1 14 1 11'],
  K: ['M1 0 L1 14', 'M9 0 L1 8.5', 'M4 5.5 L9.5 14'],
  M: ['M1 14 L1 0 L5 9 L9 0 L9 14'],
  N: ['M1 14 L1 0 L9 14 L9 0'],
  P: [P_BOWL],
  Q: ['M5 0 Q1 0 1 7 Q1 14 5 14 Q9 14 9 7 Q9 0 5 0', 'M6 10 L9.5 14.5'],
  R: [P_BOWL, 'M5 7.5 L9.5 14'],
  S: ['M9 2 Q7.5 0 5 0 Q1 0 1 3.5 Q1 6.5 5 7 Q9 7.5 9 10.5 Q9 14 5 14 Q2.5 14 1 12'],
  T: ['M0.5 0 L9.5 0', 'M5 0 L5 14'],
  U: ['M1 0 L1 10 Q1 14 5 14 Q9 14 9 10 L9 0'],
  V: ['M0.5 0 L5 14 L9.5 0'],
  W: ['M0 0 L2.5 14 L5 5 L7.5 14 L10 0'],
  X: ['M1 0 L9 14', 'M9 0 L1 14'],
  Y: ['M1 0 L5 7 L9 0', 'M5 7 L5 14'],
  Z: ['M1 0 L9 0 L1 14 L9 14'],
  2: ['M1.5 3 Q2 0 5 0 Q9 0 9 4 Q9 7 1 14 L9 14'],
  3: ['M1.5 1.5 Q3 0 5 0 Q8.5 0 8.5 3.5 Q8.5 6.5 4.5 6.5 Q9 6.5 9 10.5 Q9 14 5 14 Q2.5 14 1 12.5'],
  4: ['M7 14 L7 0 L0.5 10 L9.5 10'],
  5: ['M8.5 0 L2 0 L1.5 6.5 Q3 5.5 5 5.5 Q9 5.5 9 9.75 Q9 14 5 14 Q2.5 14 1 12.5'],
  6: ['M8.5 1.5 Q7 0 5 0 Q1 0 1 8 Q1 14 5 14 Q9 14 9 10 Q9 6 5 6 Q1.5 6 1 9'],
  7: ['M1 0 L9 0 L4 14'],
  8: ['M5 7 Q1.5 7 1.5 3.5 Q1.5 0 5 0 Q8.5 0 8.5 3.5 Q8.5 7 5 7 Q1 7 1 10.5 Q1 14 5 14 Q9 14 9 10.5 Q9 7 5 7'],
  9: ['M9 5 Q8.5 8 5 8 Q1 8 1 4 Q1 0 5 0 Q9 0 9 6 Q9 14 5 14 Q3 14 1.5 12.5'],
};

function parseStroke(outline: string): GlyphStroke {
  const tokens = outline.trim().split(/\s+/);
  const out: GlyphStroke = [];
  const num = (i: number) => Number(tokens[i]);
  for (let i = 0; i < tokens.length;) {
    const op = tokens[i][0];
    tokens[i] = tokens[i].slice(1);
    if (op === 'Q') {
      out.push({ op, ctrl: [num(i), num(i + 1)], to: [num(i + 2), num(i + 3)] });
      i += 4;
    } else if (op === 'M' || op === 'L') {
      out.push({ op, to: [num(i), num(i + 1)] });
      i += 2;
    } else {
      throw new Error(`captcha glyph: unknown command ${op}`);
    }
  }
  return out;
}

/** The strokes of each character of the alphabet, parsed once. */
export const GLYPHS: ReadonlyMap<string, GlyphStroke[]> = new Map(
  Object.entries(OUTLINES).map(([c, strokes]) => [c, strokes.map(parseStroke)]),
);
export const GLYPH_WIDTH = 10;
export const GLYPH_HEIGHT = 14;
