import { describe, expect, it } from 'vitest';
import { carrierSchema } from '../../contract/carrier.schema';
import { DELIVERED, EXPIRED, NO_ROUTE, VALIDITY_OVER } from './carrier-reports';
import { decideRound, type Claimed, type PartsOf, type RoundRoutes } from './round-decision';
import type { Route, Routable } from './routing';

const NOW = new Date('2026-03-01T12:00:00Z');
const VALIDITY_S = 3600;
const config = carrierSchema.parse({
  name: 'a',
  host: '127.0.0.1',
  port: 2775,
  systemId: 'platform',
  password: 'secret',
});

const row = (sn: string, over: Partial<Claimed> = {}): Claimed => ({
  sn,
  prod_type: 0,
  cus_id: 'EP0001',
  batch_id: 'B1',
  mobile: '13800138000',
  content: 'hello',
  mt_status: 500,
  receive_time: new Date(NOW.getTime() - 60_000),
  country_code: '86',
  country_name: 'China',
  secret: null,
  ext_number: '8001',
  sender_id: null,
  leased: false,
  expires_at: null,
  tries: 0,
  avoid: [],
  segments: 1,
  ...over,
});

/** Routes that take every number but those with 999 in it, and whose one carrier is up unless `down`. */
function routes(down = false) {
  const asked: Array<{ m: Routable; avoid: readonly string[] }> = [];
  const r: RoundRoutes = {
    routed: (m) => !m.mobile.includes('999'),
    pick: (m, avoid) => {
      asked.push({ m, avoid });
      return down ? null : { carrier: 'a', route: { alphaSenderIds: false } as Route };
    },
    config: () => config,
  };
  return { r, asked };
}

const decide = (rows: Claimed[], r: RoundRoutes, partsOf = new Map<string, PartsOf>()) => {
  let ref = 0;
  return decideRound(rows, partsOf, r, { now: NOW, validityS: VALIDITY_S }, () => ref++);
};

describe('a carrier round decided from its rows, routes and time', () => {
  it('sends what a route takes to the carrier it picks, avoiding the carriers that refused it', () => {
    const { r, asked } = routes();
    const d = decide([row('s1', { avoid: ['b'] })], r);
    expect(d.sends.map((s) => [s.row.sn, s.carrier, s.parts.length])).toEqual([['s1', 'a', 1]]);
    expect(d.sends[0].parts[0]).toMatchObject({ destinationAddr: '8613800138000' });
    expect(asked[0].avoid).toEqual(['b']);
    expect(d.finals).toEqual([]);
  });

  it('leaves for later what no carrier of its route can take now, and ends what no route takes', () => {
    expect(decide([row('s1')], routes(true).r).later).toEqual(['s1']);
    const d = decide([row('s2', { mobile: '99900000000' })], routes().r);
    expect(d.reports.get('s2')).toBe(NO_ROUTE);
    expect(d.finals.map((f) => f.sn)).toEqual(['s2']);
  });

  it('ends expired what waited past the validity, or past its own', () => {
    const old = row('s1', { receive_time: new Date(NOW.getTime() - (VALIDITY_S + 1) * 1000) });
    const own = row('s2', { expires_at: new Date(NOW.getTime() - 1) });
    const d = decide([old, own], routes().r);
    expect(d.reports.get('s1')).toBe(EXPIRED);
    expect(d.reports.get('s2')).toBe(VALIDITY_OVER);
    expect(d.sends).toEqual([]);
  });

  it('ends a leased record at its deadline by what its parts said, never sending it again', () => {
    const parts = new Map<string, PartsOf>([['s1', { states: ['delivered'], errs: [null] }]]);
    const d = decide([row('s1', { leased: true }), row('s2', { leased: true })], routes().r, parts);
    expect(d.reports.get('s1')).toEqual(DELIVERED);
    expect(d.reports.get('s2')?.mt_status).toBe(600);
    expect(d.timedOut).toEqual(['s1', 's2']);
    expect(d.sends).toEqual([]);
  });

  it('drops what ended elsewhere, and fails alone a message that cannot be built', () => {
    const tooLong = row('s2', { content: 'x'.repeat(100_000) });
    const d = decide([row('s1', { mt_status: 0 }), tooLong, row('s3')], routes().r);
    expect(d.stale).toEqual(['s1']);
    expect(d.unsendable.map((u) => u.sn)).toEqual(['s2']);
    expect(d.reports.get('s2')?.mt_status).toBe(700);
    expect(d.sends.map((s) => s.row.sn)).toEqual(['s3']);
  });
});
