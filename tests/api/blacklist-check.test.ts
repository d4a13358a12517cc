import { beforeAll, describe, expect, it } from 'vitest';
import { BLACKLIST_CHECK_MAX } from '../../contract/endpoints/blacklist-check.endpoints';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { tokenFor } from './send.fixtures';

// The check a send form makes before confirming: the enterprise's blacklist only, for accounts the caller reaches.
describe.each(DB_KINDS)('blacklist check on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  const LISTED = '13955550001';
  const CLEAN = '13955550002';
  /** on another enterprise's blacklist only */
  const ELSEWHERE = '13955550003';
  beforeAll(async () => {
    admin = await tokenFor(p, 'admin');
    await p.ctx.db.query(
      "insert into accounts (cus_id, cus_name, ep_id) values ('BLK900', 'Other enterprise', 'EP9000') on conflict do nothing",
    );
    await p.ctx.db.query(
      "insert into blacklist (ep_id, mobile, source) values ('EP0001', $1, 'reply'), ('EP9000', $2, 'reply') on conflict do nothing",
      [LISTED, ELSEWHERE],
    );
  });

  const check = (body: unknown) => p.call('/send/blacklistCheck', body, { token: admin, lang: 'en' });

  it("reports the listed number once, and neither the clean one nor one on another enterprise's blacklist", async () => {
    const r = await check({ cus_id: 'EP0001', mobiles: [CLEAN, LISTED, ELSEWHERE, LISTED] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ blacklisted: [LISTED], count: 1 });
    // a sub-account of the same enterprise shares its blacklist
    expect((await check({ cus_id: 'SUB001', mobiles: [LISTED, CLEAN] })).body.data).toMatchObject({
      blacklisted: [LISTED],
      count: 1,
    });
  });

  it("refuses another enterprise's account, without consulting its blacklist", async () => {
    const r = await check({ cus_id: 'BLK900', mobiles: [ELSEWHERE] });
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).not.toContain(ELSEWHERE);
  });

  it('enforces the bounds: more than the most numbers, or an overlong one, is a 400', async () => {
    const many = Array.from({ length: BLACKLIST_CHECK_MAX + 1 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    expect((await check({ cus_id: 'EP0001', mobiles: many })).status).toBe(400);
    expect((await check({ cus_id: 'EP0001', mobiles: ['1'.repeat(41)] })).status).toBe(400);
    expect((await check({ cus_id: '', mobiles: [] })).status).toBe(400);
  });

  it('looks up a whole 100,000-number list', async () => {
    const all = Array.from({ length: BLACKLIST_CHECK_MAX - 1 }, (_, i) => `137${String(i).padStart(8, '0')}`);
    const r = await check({ cus_id: 'EP0001', mobiles: [...all, LISTED] });
    expect(r.status).toBe(200);
    expect(r.body.data.blacklisted).toContain(LISTED);
  });
});
