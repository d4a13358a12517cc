import { describe, expect, it } from 'vitest';
import type { CountResult } from '../../sync/query/query';
import { shownTotal } from './shown-total';

const local = (total: number): CountResult => ({ total, exact: true, source: 'local' });
const platform = (total: number, exact = true): CountResult => ({ total, exact, source: 'server' });

describe('the total a list shows', () => {
  it('is the cache count once the cache holds the whole query', () => {
    expect(shownTotal({ complete: true, local: local(14_100), platform: platform(14_000) })).toEqual({
      state: 'known',
      count: local(14_100),
    });
    expect(shownTotal({ complete: true, local: null, platform: null })).toEqual({ state: 'counting', cached: null });
  });

  it('is the platform total while the cache fills, never the rows cached so far', () => {
    expect(shownTotal({ complete: false, local: local(3_599), platform: platform(14_100) })).toEqual({
      state: 'known',
      count: platform(14_100),
    });
    expect(shownTotal({ complete: false, local: null, platform: platform(14_100) })).toEqual({
      state: 'known',
      count: platform(14_100),
    });
    // an estimate stays marked as one
    expect(shownTotal({ complete: false, local: local(100), platform: platform(2_000_000, false) })).toEqual({
      state: 'known',
      count: platform(2_000_000, false),
    });
  });

  it('takes the cache count past a platform total it outgrew (records written since the platform counted)', () => {
    expect(shownTotal({ complete: false, local: local(14_105), platform: platform(14_100) })).toEqual({
      state: 'known',
      count: platform(14_105),
    });
  });

  it('is marked as counting, with the rows cached so far, while the cache fills and the platform gave no total', () => {
    expect(shownTotal({ complete: false, local: local(3_599), platform: null })).toEqual({
      state: 'counting',
      cached: 3_599,
    });
    expect(shownTotal({ complete: false, local: null, platform: null })).toEqual({ state: 'counting', cached: null });
  });
});
