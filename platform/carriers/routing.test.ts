import { describe, expect, it } from 'vitest';
import { CostBook } from './carrier-cost';
import { parseCarriersFile } from './carrier-config';
import { Router, type Routable } from './routing';

// The carriers file as an operator writes it, and the routes it gives: the longest prefix first, conditions on
// product, account and sender, pools round robin and weighted, failover to the next healthy carrier or route.

const carrier = (name: string) => ({ name, host: '127.0.0.1', port: 2775, systemId: 'X', password: 'Y' });
const msg = (mobile: string, over: Partial<Routable> = {}): Routable => ({
  mobile,
  country: null,
  prodType: 0,
  cusId: 'SUB001',
  sender: null,
  ...over,
});
const up = () => true;

describe('carriers file', () => {
  it('reads the documented shape and fills the defaults', () => {
    const file = parseCarriersFile(
      JSON.stringify({
        carriers: [
          { name: 'a', host: '127.0.0.1', port: 2775, systemId: 'X', password: 'Y', binds: 1, window: 10, rate: 100 },
        ],
        routes: [{ prefix: '86', carriers: ['a'] }],
      }),
    );
    expect(file.carriers[0]).toMatchObject({
      bindMode: 'transceiver',
      longMessages: 'udh',
      receiptIds: 'same',
      enquireLinkS: 30,
      destTon: 1,
    });
    expect(file.routes[0]).toMatchObject({ pool: 'round-robin' });
  });

  it('refuses a bad file naming each bad field', () => {
    expect(() => parseCarriersFile('{"carriers": [')).toThrow(/not JSON/);
    const bad = () =>
      parseCarriersFile(
        JSON.stringify({
          carriers: [carrier('a'), { ...carrier('a'), port: 70000, password: 'longer than 8' }],
          routes: [
            { prefix: '86', carriers: ['a', 'nope'], pool: 'weighted', weights: [1] },
            { prefix: '+1', carriers: ['a'] },
          ],
        }),
      );
    expect(bad).toThrow(/carriers\.1\.port/);
    expect(bad).toThrow(/carriers\.1\.password/);
    expect(bad).toThrow(/carriers\.1\.name: carrier "a" is named twice/);
    expect(bad).toThrow(/routes\.0\.carriers\.1: no carrier is named "nope"/);
    expect(bad).toThrow(/routes\.0\.weights/);
    expect(bad).toThrow(/routes\.1\.prefix/);
    expect(() => parseCarriersFile(JSON.stringify({ carriers: [{ ...carrier('a'), colour: 'red' }] }))).toThrow(
      /colour/,
    );
  });
});

describe('routes', () => {
  const file = parseCarriersFile(
    JSON.stringify({
      carriers: ['a', 'b', 'c', 'd', 'e'].map(carrier),
      routes: [
        { prefix: '86', carriers: ['a', 'b'] },
        { prefix: ['86139', '86138'], carriers: ['c'] },
        { prefix: '86', accounts: ['VIP001'], carriers: ['d'] },
        { country: ['US'], prodTypes: [1], carriers: ['e'], alphaSenderIds: true },
        { senders: ['1069'], prefix: '852', carriers: ['d'] },
      ],
    }),
  );

  it('takes the longest matching prefix, then the first route in the file', () => {
    const r = new Router(file.routes);
    expect(r.carrierFor(msg('8613900000000'), up)).toBe('c');
    expect(r.carrierFor(msg('8613700000000'), up)).toBe('a');
    // same prefix length for VIP001: the earlier route wins
    expect(r.carrierFor(msg('8613700000000', { cusId: 'VIP001' }), up)).toBe('b');
    expect(r.carrierFor(msg('14155552671', { country: 'US', prodType: 1 }), up)).toBe('e');
    expect(r.carrierFor(msg('14155552671', { country: 'US', prodType: 0 }), up)).toBeNull();
    expect(r.carrierFor(msg('85290000000', { sender: '10690001' }), up)).toBe('d');
    expect(r.carrierFor(msg('85290000000', { sender: '1065' }), up)).toBeNull();
    expect(r.routed(msg('4420000000'))).toBe(false);
  });

  it('names the route that gave the carrier, with what it allows', () => {
    const r = new Router(file.routes);
    expect(r.choose(msg('14155552671', { country: 'US', prodType: 1 }), up)).toMatchObject({
      carrier: 'e',
      route: { alphaSenderIds: true },
    });
    expect(r.choose(msg('8613900000000'), up)?.route.alphaSenderIds).toBeUndefined();
    expect(r.choose(msg('8613900000000'), () => false)).toBeNull();
  });

  it('goes round the pool, skipping a carrier that is down, and on to the next route when the whole pool is', () => {
    const r = new Router(file.routes);
    expect([1, 2, 3, 4].map(() => r.carrierFor(msg('8613700000000'), up))).toEqual(['a', 'b', 'a', 'b']);
    expect([1, 2].map(() => r.carrierFor(msg('8613700000000'), (c) => c !== 'a'))).toEqual(['b', 'b']);
    // c is the only carrier of the 8613[89] route: when it is down the 86 route takes over
    expect(r.carrierFor(msg('8613900000000'), (c) => c !== 'c')).toMatch(/^[ab]$/);
    expect(r.carrierFor(msg('8613900000000'), () => false)).toBeNull();
  });

  it('spreads a weighted pool smoothly by its weights, and over the rest when one is down', () => {
    const weighted = parseCarriersFile(
      JSON.stringify({
        carriers: ['a', 'b', 'c'].map(carrier),
        routes: [{ prefix: '86', carriers: ['a', 'b', 'c'], pool: 'weighted', weights: [3, 1, 1] }],
      }),
    );
    const r = new Router(weighted.routes);
    const picks = Array.from({ length: 500 }, () => r.carrierFor(msg('8613700000000'), up));
    expect(picks.filter((p) => p === 'a')).toHaveLength(300);
    expect(picks.filter((p) => p === 'b')).toHaveLength(100);
    // never more than three of a in a row with 3:1:1
    expect(picks.join('')).not.toMatch(/aaaa/);
    const without = Array.from({ length: 40 }, () => r.carrierFor(msg('8613700000000'), (c) => c !== 'a'));
    expect(new Set(without)).toEqual(new Set(['b', 'c']));
  });

  it('takes the cheapest carrier up for the number, in turn among equals, an uncosted one only when no costed one is up', () => {
    const cheap = parseCarriersFile(
      JSON.stringify({
        carriers: ['a', 'b', 'c', 'd'].map(carrier),
        routes: [{ prefix: '86', carriers: ['a', 'b', 'c', 'd'], pool: 'cheapest' }],
      }),
    );
    const day = Date.UTC(2026, 0, 1);
    const book = new CostBook([
      { id: 1, carrier: 'a', country: 'CN', prefix: null, cost: '0.0300', effectiveFrom: day },
      { id: 2, carrier: 'b', country: 'CN', prefix: null, cost: '0.0250', effectiveFrom: day },
      { id: 3, carrier: 'c', country: 'CN', prefix: null, cost: '0.0250', effectiveFrom: day },
      // a's price for 86139 beats everyone's, from the day after
      { id: 4, carrier: 'a', country: null, prefix: '86139', cost: '0.0100', effectiveFrom: day + 86_400_000 },
    ]);
    let now = day + 3600_000;
    const r = new Router(cheap.routes, undefined, undefined, {
      rateOf: (c, m) => book.rateOf(c, m.mobile, m.country, now),
    });
    // b and c cost the same: they share the turns; a (dearer) and d (no cost) get none
    expect([1, 2, 3, 4].map(() => r.carrierFor(msg('8613700000000'), up))).toEqual(['b', 'c', 'b', 'c']);
    expect(r.carrierFor(msg('8613900000000'), up)).toMatch(/^[bc]$/);
    now = day + 86_400_000;
    expect(r.carrierFor(msg('8613900000000'), up)).toBe('a');
    expect(r.carrierFor(msg('8613700000000'), up)).toMatch(/^[bc]$/);
    // the cheapest down: the next cheapest; every costed one down: the uncosted one rather than nothing
    expect(r.carrierFor(msg('8613900000000'), (c) => c !== 'a')).toMatch(/^[bc]$/);
    expect(r.carrierFor(msg('8613700000000'), (c) => c === 'd')).toBe('d');
    expect(r.explain(msg('8613900000000'), up).carrier).toBe('a');
  });
});
