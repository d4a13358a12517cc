import { describe, expect, it } from 'vitest';
import { decodeBase64Password, DUMMY_HASH, hashPassword, isStrongPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores scrypt parameters, a per-user salt and the hash, and verifies only the right password', async () => {
    const a = await hashPassword('demo1234');
    const b = await hashPassword('demo1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo1234', a)).toBe(true);
    expect(await verifyPassword('demo1234', b)).toBe(true);
    expect(await verifyPassword('demo12345', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('never matches a malformed or dummy hash', async () => {
    expect(await verifyPassword('demo1234', 'plain')).toBe(false);
    expect(await verifyPassword('demo1234', 'bcrypt$1$2$3$a$b')).toBe(false);
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});

describe('Base64 password', () => {
  it.each([
    ['ZGVtbzEyMzQ=', 'demo1234'],
    [Buffer.from('密码abc123').toString('base64'), '密码abc123'],
    ['  ZGVtbzEyMzQ=  ', 'demo1234'],
  ])('decodes %s', (b64, plain) => expect(decodeBase64Password(b64)).toBe(plain));

  it.each(['demo1234!', 'ZGVtbzEyMzQ', '%%%%', '', '====', '/w=='])('refuses %j', (b64) =>
    expect(decodeBase64Password(b64)).toBeNull(),
  );
});

describe('registration password strength', () => {
  it.each([
    ['abc12', false],
    ['abc123', true],
    ['abcdef', false],
    ['123456', false],
    ['A1b2C3d4', true],
  ])('%s -> %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));
});
