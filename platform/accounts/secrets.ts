import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';

// App secrets sign callbacks and may be viewed again by their owner, so they are encrypted (AES-256-GCM), not hashed.
// The key comes from SECRET_KEY when set; otherwise one random key is created in the database on first use and shared
// by every instance on it. Secrets are never logged.

/** The stored key per database handle: once the row exists nothing replaces it, so a handle that read it (the
 * platform's pool, used for every signed request and callback) need not ask again; a transaction's handle is new each
 * time and reads it afresh. */
const storedKeys = new WeakMap<Queryable, Buffer>();

/** The key; read it once for many secrets (a list of stored carriers, each holding one). */
export async function secretKey(q: Queryable): Promise<Buffer> {
  if (process.env.SECRET_KEY) return createHash('sha256').update(process.env.SECRET_KEY).digest();
  const known = storedKeys.get(q);
  if (known) return known;
  await q.query("insert into platform_keys(name, value) values ('app-secret', $1) on conflict do nothing", [
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await q.query<{ value: string }>("select value from platform_keys where name = 'app-secret'");
  const key = Buffer.from(row.value, 'base64');
  storedKeys.set(q, key);
  return key;
}

/** A key for one purpose (a keyed hash, say) derived from the same key material, so the encryption key itself is used
 * for nothing else and one purpose's key tells nothing about another's. */
export async function derivedKey(q: Queryable, purpose: string): Promise<Buffer> {
  return createHmac('sha256', await secretKey(q))
    .update(purpose)
    .digest();
}

export async function encryptSecret(q: Queryable, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretKey(q), iv);
  const enc = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), enc.toString('base64')].join('.');
}

export async function decryptSecret(q: Queryable, stored: string): Promise<string> {
  return decryptWith(await secretKey(q), stored);
}

export function decryptWith(key: Buffer, stored: string): string {
  const [, iv, tag, enc] = stored.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(enc, 'base64')), decipher.final()]).toString('utf8');
}

export const newAppSecret = () => randomBytes(24).toString('base64url');

/** The account's app secret, created on first use (an account may have none yet). */
export async function appSecretOf(q: Queryable, cusId: string): Promise<{ secret: string; rotatedAt: Date }> {
  const [row] = await q.query<{ app_secret_enc: string; rotated_at: Date }>(
    'select app_secret_enc, rotated_at from account_credentials where cus_id = $1',
    [cusId],
  );
  if (row) return { secret: await decryptSecret(q, row.app_secret_enc), rotatedAt: new Date(row.rotated_at) };
  const secret = newAppSecret();
  await q.query(
    'insert into account_credentials(cus_id, app_secret_enc) values ($1, $2) on conflict (cus_id) do nothing',
    [cusId, await encryptSecret(q, secret)],
  );
  // another request may have won the insert: answer what is stored
  const [again] = await q.query<{ app_secret_enc: string; rotated_at: Date }>(
    'select app_secret_enc, rotated_at from account_credentials where cus_id = $1',
    [cusId],
  );
  return { secret: await decryptSecret(q, again.app_secret_enc), rotatedAt: new Date(again.rotated_at) };
}

export async function rotateAppSecret(q: Queryable, cusId: string, now: Date): Promise<string> {
  await appSecretOf(q, cusId);
  const secret = newAppSecret();
  await q.query('update account_credentials set app_secret_enc = $2, rotated_at = $3 where cus_id = $1', [
    cusId,
    await encryptSecret(q, secret),
    now,
  ]);
  return secret;
}
