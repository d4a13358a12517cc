import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOG_UPLOAD_MAX_BYTES,
  LOG_UPLOAD_MAX_ENTRIES,
  LOGGED_ERROR_MAX,
  logUploadChunks,
} from '../../contract/endpoints/log.endpoints';
import { STREAMS_PER_SESSION, STREAMS_PER_USER } from '../../platform/feed/stream-registry';
import { LOG_KEEP_BYTES } from '../../platform/console/client-logs';
import { DB_KINDS, platformFor } from '../helpers/platform';

// What one caller can pile up: uploaded logs are bounded per call and per login (the oldest go), and change streams
// per session and per login (the oldest end).
describe.each(DB_KINDS)('storage quotas on %s', (kind) => {
  const p = platformFor(kind);
  let user = '';
  let userId = 0;
  beforeAll(async () => {
    user = await p.login('user');
    userId = Number((await p.ctx.db.query<{ id: number }>(`select id from users where username = 'user'`))[0].id);
  });

  const stored = async () =>
    p.ctx.db.query<{ message: string; bytes: number }>(
      `select message, octet_length(type) + octet_length(message) + octet_length(stack) + octet_length(info) + octet_length(url) + octet_length(time) as bytes
         from client_logs where user_id = $1 order by id`,
      [userId],
    );
  const entry = (message: string, stack = '') => ({
    type: 'Error',
    message,
    stack,
    info: '',
    url: '/sms-cloud/',
    time: '2026-01-01 00:00:00',
  });

  it('refuses an upload over the body limit with a localized 413 and stores nothing', async () => {
    await p.ctx.db.query('delete from client_logs');
    const big = Array.from({ length: 10 }, (_, i) => entry(`big ${i}`, 'x'.repeat(LOGGED_ERROR_MAX.stack)));
    expect(JSON.stringify(big).length).toBeGreaterThan(LOG_UPLOAD_MAX_BYTES);
    const zh = await p.call('/log/upload', big, { token: user });
    expect(zh).toMatchObject({ status: 413, body: { type: 413, message: '请求体过大（上限 64 KB）' } });
    const en = await p.call('/log/upload', big, { token: user, lang: 'en' });
    expect(en.body.message).toBe('The request body is too large (limit 64 KB)');
    expect(await stored()).toEqual([]);
    // a field past its bound is a 400 naming it
    const long = await p.call('/log/upload', [entry('m'.repeat(LOGGED_ERROR_MAX.message + 1))], {
      token: user,
      lang: 'en',
    });
    expect(long).toMatchObject({ status: 400, body: { field: '0.message' } });
    // the console's chunks of the same entries all go through: every stack cut to its bound, every call under the limit
    const chunks = logUploadChunks(big.map((e) => ({ ...e, stack: e.stack + 'y'.repeat(5000) })));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect((await p.call('/log/upload', c, { token: user })).status).toBe(200);
    expect((await stored()).map((r) => r.message)).toEqual(big.map((e) => e.message));
  });

  it('keeps only the newest entries of a login, by count and by bytes', async () => {
    const LOG_KEEP_ROWS = p.ctx.config.clientLogKeepRows;
    expect(LOG_KEEP_ROWS).toBe(1000);
    await p.ctx.db.query('delete from client_logs');
    let n = 0;
    const upload = async (count: number, stackBytes = 0) => {
      const batch = Array.from({ length: count }, () => entry(`log ${n++}`, 's'.repeat(stackBytes)));
      expect((await p.call('/log/upload', batch, { token: user })).status).toBe(200);
    };
    for (let i = 0; i * LOG_UPLOAD_MAX_ENTRIES < LOG_KEEP_ROWS + LOG_UPLOAD_MAX_ENTRIES; i++)
      await upload(LOG_UPLOAD_MAX_ENTRIES);
    let rows = await stored();
    expect(rows).toHaveLength(LOG_KEEP_ROWS);
    expect(rows[0].message).toBe(`log ${n - LOG_KEEP_ROWS}`);
    expect(rows.at(-1)!.message).toBe(`log ${n - 1}`);
    // larger entries: the byte bound drops the oldest before the count does
    for (let i = 0; i * 7 * 8_000 < LOG_KEEP_BYTES * 1.5; i++) await upload(7, 8_000);
    rows = await stored();
    const total = rows.reduce((s, r) => s + Number(r.bytes), 0);
    expect(total).toBeLessThanOrEqual(LOG_KEEP_BYTES);
    expect(total).toBeGreaterThan(LOG_KEEP_BYTES - 8_100);
    expect(rows.length).toBeLessThan(LOG_KEEP_ROWS);
    expect(rows.at(-1)!.message).toBe(`log ${n - 1}`);
    // another login's entries are its own to keep
    const admin = await p.login('admin');
    expect((await p.call('/log/upload', [entry('admin log')], { token: admin })).status).toBe(200);
    expect((await stored()).at(-1)!.message).toBe(`log ${n - 1}`);
  });

  /** Opens a change stream on the session; `ended` resolves when the platform ends it. */
  async function openStream(token: string) {
    const ticket = (await p.call('/changes/ticket', {}, { token })).body.data.ticket as string;
    const ctrl = new AbortController();
    const res = await fetch(`${p.base}/changes/stream?ticket=${encodeURIComponent(ticket)}`, { signal: ctrl.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
    const ended = (async () => {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return true;
    })();
    let isEnded = false;
    void ended.then(() => (isEnded = true));
    return { ended, isEnded: () => isEnded, close: () => ctrl.abort() };
  }

  it(`holds ${STREAMS_PER_SESSION} streams a session and ${STREAMS_PER_USER} a login, ending the oldest`, async () => {
    const session = await p.login('agent');
    const first = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) first.push(await openStream(session));
    const newer = await openStream(session);
    // the session's oldest ends; reading it to its end proves it
    expect(await first[0].ended).toBe(true);
    const next = await openStream(session);
    expect(await first[1].ended).toBe(true);
    // the newest streams are the ones kept
    expect([newer, next, ...first.slice(2)].some((s) => s.isEnded())).toBe(false);
    [newer, next, ...first].forEach((s) => s.close());

    // over sessions: four full sessions are the login's cap; one more stream in a fifth ends the login's oldest
    const sessions = await Promise.all(
      Array.from({ length: STREAMS_PER_USER / STREAMS_PER_SESSION + 1 }, () => p.login('agent')),
    );
    const held = [];
    for (const s of sessions.slice(0, -1)) for (let i = 0; i < STREAMS_PER_SESSION; i++) held.push(await openStream(s));
    const extra = await openStream(sessions.at(-1)!);
    expect(await held[0].ended).toBe(true);
    expect(held.slice(1).some((s) => s.isEnded())).toBe(false);
    [extra, ...held].forEach((s) => s.close());
  });
});
