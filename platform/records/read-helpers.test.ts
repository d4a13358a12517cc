import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../core/current-user';
import { whereOf, type Source } from '../lists/list-query';
import { numberStatusOf } from './number-status';
import { labelOf, lastDays, previousMonthOf } from './tenant-time';

// Pure pieces of the read side: tenant calendar labels, the filter translation, number status.
describe('read-side helpers', () => {
  it('labels times in Asia/Shanghai', () => {
    const at = Date.UTC(2024, 11, 31, 16, 30); // 2025-01-01 00:30 in Shanghai
    expect([0, 1, 2].map((d) => labelOf(d, at))).toEqual(['2025-01-01', '2025-01', '2025']);
    expect(previousMonthOf(new Date(at))).toBe('2024-12');
    const days = lastDays(new Date(at), 30);
    expect(days).toHaveLength(30);
    expect(days[29]).toBe('2025-01-01');
    expect(days[0]).toBe('2024-12-03');
  });

  it('translates filters into one parameterized condition, honouring the content-search flag', () => {
    const source: Source = {
      from: 't',
      select: '*',
      scope: 't.cus_id',
      time: 't.at',
      key: 't.id',
      base: 't.deleted = false',
    };
    const user = { showContentFilterWhere: 0 } as CurrentUser;
    const filters = {
      decodeMobile: { op: 'prefix', column: 't.mobile' },
      decodeContent: { op: 'contains', column: 't.content', contentSearch: true },
      startTime: { op: 'from', column: 't.at' },
    } as const;
    const w = whereOf(source, filters, { decodeMobile: '13%_', decodeContent: 'x', startTime: 0 }, user, ['A']);
    expect(w.sql).toBe('t.cus_id = any($1::text[]) and t.deleted = false and t.mobile like $2 and t.at >= $3');
    expect(w.params).toEqual([['A'], '13\\%\\_%', new Date(0)]);
    // a substring as an escaped LIKE, which the trigram index answers (migration 050)
    const withContent = whereOf(source, filters, { decodeContent: '5%_x' }, { ...user, showContentFilterWhere: 1 }, []);
    expect(withContent.sql).toContain('t.content like $2');
    expect(withContent.params[1]).toBe('%5\\%\\_x%');
  });

  it('decides a number status the same way every time', () => {
    expect(numberStatusOf('13800138000')).toBe(numberStatusOf('13800138000'));
    expect(numberStatusOf('12800138000')).toBe('invalid');
    const seen = new Set(Array.from({ length: 2000 }, (_, i) => numberStatusOf(`138${String(i).padStart(8, '0')}`)));
    expect(seen).toEqual(new Set(['real', 'dead', 'down', 'not', 'silence', 'danger']));
  });
});

describe('request lines in logs', () => {
  it('keep the shape of a query string without its values', async () => {
    const { withoutQueryValues } = await import('../server');
    expect(withoutQueryValues('/sms-service-api/changes/stream?ticket=abc123&x=1')).toBe(
      '/sms-service-api/changes/stream?ticket=…&x=…',
    );
    expect(withoutQueryValues('/plain')).toBe('/plain');
  });
});
