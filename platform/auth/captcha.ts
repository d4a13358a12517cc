import { randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_LENGTH } from '../../contract/constants';
import type { Queryable } from '../db/db';

// Login captcha: 4 characters from an alphabet without look-alikes (0/O, 1/I/L), drawn as an SVG with noise,
// stored with its expiry and consumed by the first login that names it, right or wrong.
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_TTL_S = 300;

const pick = <T>(a: ArrayLike<T>): T => a[randomInt(a.length)];

export function captchaSvg(code: string): string {
  const w = 120;
  const h = 40;
  const colors = ['#1f4e8c', '#8c1f4e', '#2e7d32', '#6a1b9a', '#c75000'];
  const noise = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(w), randomInt(h), randomInt(w), randomInt(h)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${pick(colors)}" stroke-width="1"/>`;
  });
  const dots = Array.from({ length: 20 }, () => `<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="1" fill="${pick(colors)}"/>`);
  const chars = [...code].map((c, i) => {
    const x = 14 + i * 27;
    const y = 28 + randomInt(-4, 5);
    return `<text x="${x}" y="${y}" font-family="monospace" font-size="26" font-weight="bold" fill="${pick(colors)}" transform="rotate(${randomInt(-20, 21)} ${x} ${y})">${c}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#f4f6fa"/>${noise.join('')}${chars.join('')}${dots.join('')}</svg>`;
}

export async function issueCaptcha(q: Queryable, now: Date): Promise<{ redomStr: string; image: string; expiresInS: number }> {
  const code = Array.from({ length: CAPTCHA_LENGTH }, () => pick(CAPTCHA_ALPHABET)).join('');
  const redomStr = randomUUID();
  await q.query('delete from captchas where expires_at < $1', [now]);
  await q.query('insert into captchas(redom_str, code, expires_at) values ($1, $2, $3)', [redomStr, code, new Date(now.getTime() + CAPTCHA_TTL_S * 1000)]);
  return { redomStr, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`, expiresInS: CAPTCHA_TTL_S };
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
