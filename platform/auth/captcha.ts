import { randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_LENGTH } from '../../contract/constants';
import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import { GLYPH_HEIGHT, GLYPH_WIDTH, GLYPHS, type GlyphStroke } from './captcha-glyphs';

// Login and registration captcha: 4 characters from an alphabet without look-alikes (0/O, 1/I/L), stored with its
// expiry and consumed by the first request that names it, right or wrong.
// The image carries no character a script could read back: each character is drawn from its own stroke outline
// (captcha-glyphs.ts), rotated, scaled, sheared and jittered point by point, its strokes written as <path> elements
// in a random order among noise curves that cross the characters. Nothing in the document names a character, and the
// order of its elements says nothing of the order of the characters.
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_TTL_S = 300;

const W = 120;
const H = 40;
/** dark enough to read on the light background, varied so colour alone does not group a character's strokes. */
const COLORS = [
  'rgb(31,78,140)',
  'rgb(140,31,78)',
  'rgb(46,125,50)',
  'rgb(106,27,154)',
  'rgb(176,72,0)',
  'rgb(55,71,79)',
];

const pick = <T>(a: ArrayLike<T>): T => a[randomInt(a.length)];
/** a uniform number in [min, max). */
const rand = (min: number, max: number) => min + ((max - min) * randomInt(1_000_000)) / 1_000_000;
/** always one decimal: no run of digits long enough to spell a code, whatever the coordinates. */
const fmt = (n: number) => n.toFixed(1);

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

type Point = [number, number];

/** Where one character's grid lands on the image: its own rotation, scale and shear about the centre of its cell. */
function placement(index: number): (p: Point) => Point {
  const cell = W / CAPTCHA_LENGTH;
  const cx = cell * (index + 0.5) + rand(-2, 2);
  const cy = H / 2 + rand(-2, 2);
  const sx = rand(1.5, 1.85);
  const sy = sx * rand(0.95, 1.1);
  const shear = rand(-0.25, 0.25);
  const angle = (rand(-18, 18) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return ([x, y]) => {
    const gx = (x - GLYPH_WIDTH / 2 + shear * (y - GLYPH_HEIGHT / 2)) * sx;
    const gy = (y - GLYPH_HEIGHT / 2) * sy;
    return [cx + gx * cos - gy * sin + rand(-0.7, 0.7), cy + gx * sin + gy * cos + rand(-0.7, 0.7)];
  };
}

/** One stroke as path data; straight lines bend a little, so no two images share a segment. */
function strokePath(stroke: GlyphStroke, place: (p: Point) => Point): string {
  let d = '';
  let from: Point = [0, 0];
  for (const c of stroke) {
    const to = place(c.to);
    if (c.op === 'M') d += `M${fmt(to[0])} ${fmt(to[1])}`;
    else {
      const ctrl: Point =
        c.op === 'Q'
          ? place(c.ctrl)
          : [(from[0] + to[0]) / 2 + rand(-1.2, 1.2), (from[1] + to[1]) / 2 + rand(-1.2, 1.2)];
      d += `Q${fmt(ctrl[0])} ${fmt(ctrl[1])} ${fmt(to[0])} ${fmt(to[1])}`;
    }
    from = to;
  }
  return d;
}

const pathEl = (d: string, color: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${fmt(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Curves across the whole image, through the band the characters sit in. */
function noiseCurve(): string {
  const y = () => rand(H * 0.2, H * 0.8);
  const d = `M${fmt(rand(-4, 8))} ${fmt(y())}C${fmt(rand(20, 50))} ${fmt(rand(-10, H + 10))} ${fmt(rand(70, 100))} ${fmt(rand(-10, H + 10))} ${fmt(rand(W - 8, W + 4))} ${fmt(y())}`;
  return pathEl(d, pick(COLORS), rand(0.8, 1.3));
}

/** Short arcs inside the characters' band, drawn like their strokes but thinner: a path alone tells nothing. */
function decoyStroke(): string {
  const [x, y] = [rand(6, W - 6), rand(8, H - 8)];
  const d = `M${fmt(x)} ${fmt(y)}Q${fmt(x + rand(-8, 8))} ${fmt(y + rand(-8, 8))} ${fmt(x + rand(-9, 9))} ${fmt(y + rand(-9, 9))}`;
  return pathEl(d, pick(COLORS), rand(1, 1.4));
}

export function captchaSvg(code: string): string {
  const elements: string[] = [];
  [...code].forEach((ch, i) => {
    const strokes = GLYPHS.get(ch);
    if (!strokes) throw new Error('captcha: character outside the alphabet');
    const place = placement(i);
    const color = pick(COLORS);
    const width = rand(2, 2.6);
    for (const s of strokes) elements.push(pathEl(strokePath(s, place), color, width));
  });
  for (let i = 0; i < 4; i++) elements.push(noiseCurve());
  for (let i = 0; i < 2; i++) elements.push(decoyStroke());
  const dots = Array.from(
    { length: 24 },
    () => `<circle cx="${fmt(rand(0, W))}" cy="${fmt(rand(0, H))}" r="${fmt(rand(0.6, 1.2))}" fill="${pick(COLORS)}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="rgb(244,246,250)"/>${shuffle([...elements, ...dots]).join('')}</svg>`;
}

/**
 * A new captcha for `address`. Each costs a row, and nothing needs a login to ask for one, so an address may hold
 * at most `perAddress` unanswered ones at a time (they expire after CAPTCHA_TTL_S); answered and expired rows are
 * dropped as new ones are made. The count and the insert run under a lock per address, so a parallel burst cannot
 * all pass the count before the first insert.
 */
export async function issueCaptcha(
  db: Db,
  address: string,
  perAddress: number,
  now: Date,
): Promise<{ redomStr: string; image: string; expiresInS: number }> {
  const code = Array.from({ length: CAPTCHA_LENGTH }, () => pick(CAPTCHA_ALPHABET)).join('');
  const redomStr = randomUUID();
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`captcha:${address}`]);
    await q.query('delete from captchas where expires_at < $1 or used_at is not null', [now]);
    const [held] = await q.query<{ n: number }>('select count(*)::int as n from captchas where client_address = $1', [
      address,
    ]);
    if (held.n >= perAddress) throw new ApiError(429, 'captcha.tooMany');
    await q.query('insert into captchas(redom_str, code, expires_at, client_address) values ($1, $2, $3, $4)', [
      redomStr,
      code,
      new Date(now.getTime() + CAPTCHA_TTL_S * 1000),
      address,
    ]);
  });
  return {
    redomStr,
    image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`,
    expiresInS: CAPTCHA_TTL_S,
  };
}

/** Marks the captcha used (whatever the answer) and tells whether `code` matched it before it expired. */
export async function consumeCaptcha(q: Queryable, redomStr: string, code: string, now: Date): Promise<boolean> {
  if (!redomStr) return false;
  const [row] = await q.query<{ code: string; expires_at: Date }>(
    'update captchas set used_at = $2 where redom_str = $1 and used_at is null returning code, expires_at',
    [redomStr, now],
  );
  return !!row && row.expires_at.getTime() > now.getTime() && row.code === code.trim().toUpperCase();
}
