import { describe, expect, it } from 'vitest';
import { BLACKLIST_COMMANDS, projectBlacklist } from './blacklist-commands';
import type { EventDoc } from '../store/local-db';

// What the blacklist screen shows while its commands wait for the platform, and the bodies the outbox sends.
const ev = (
  id: string,
  type: string,
  payload: Record<string, unknown>,
  status: EventDoc['status'] = 'pending',
): EventDoc => ({
  id,
  type,
  aggregate: `blacklist:${id}`,
  payload,
  actor: 'admin',
  created_at: 1000,
  status,
  attempts: 0,
  last_error: null,
  result: null,
  next_attempt_at: 0,
  k: id,
});
const row = (mobile: string) => ({
  id: `EP0001::${mobile}`,
  ep_id: 'EP0001',
  cus_id: '',
  mobile,
  source: 'manual',
  created_at: 1,
  created_by: 'admin',
  note: null,
});

describe('blacklist commands', () => {
  it('shows a pending add first, a pending delete marked, and nothing of a rejected one', () => {
    const rows = [row('13900000001'), row('13900000002')];
    const out = projectBlacklist(rows, [
      ev('E1', 'blacklist.add', { mobile: '13900000009', note: 'n' }),
      ev('E2', 'blacklist.add', { mobile: '13900000001' }),
      ev('E3', 'blacklist.delete', { id: rows[1].id }),
      ev('E4', 'blacklist.add', { mobile: '13900000008' }, 'rejected'),
    ]);
    expect(out.map((r) => [r.mobile, r.pending ?? null])).toEqual([
      ['13900000009', 'blacklist.add'],
      ['13900000001', null],
      ['13900000002', 'blacklist.delete'],
    ]);
  });

  it('sends one number per add and one id per delete', () => {
    expect(BLACKLIST_COMMANDS['blacklist.add'].body({ mobile: '13900000009', note: 'x' })).toEqual({
      mobiles: ['13900000009'],
      cus_id: '',
      source: 'manual',
      note: 'x',
    });
    expect(BLACKLIST_COMMANDS['blacklist.delete'].body({ id: 'EP0001::1' })).toEqual({ ids: ['EP0001::1'] });
  });
});
