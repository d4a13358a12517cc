import { describe, expect, it } from 'vitest';
import type { ScreenDefinition, ViewerContext } from './screen-definition';
import { buildFilters, pageSizeOf, prodTypeOf, queryKeyOf, readParams, searchOf } from './url-filters';

interface Rec {
  sn: string;
  mobile: string;
  content: string;
  status: number;
  cus_id: string;
  at: number;
}
const viewer: ViewerContext = {
  userType: 3,
  showClientStatus: 1,
  clientForbidUnknown: 0,
  showContentFilterWhere: 0,
  permissions: new Set(),
  lang: 'zh',
};
const def: ScreenDefinition<Rec> = {
  path: '/records',
  title: 't',
  collection: 'mt_records',
  fixed: [{ op: 'eq', field: 'prod_type', value: 0 }],
  columns: [],
  filters: [
    { field: 'mobile', label: 'm', kind: 'prefix' },
    { field: 'content', label: 'c', kind: 'contains' },
    { field: 'status', label: 's', kind: 'select', options: [{ value: 1, label: 'ok' }] },
    { field: 'cus_id', label: 'a', kind: 'account', visible: (v) => v.userType === 1 },
    { field: 'sn', label: 'n', kind: 'eq-text' },
  ],
  dateField: 'at',
  modes: [
    { label: 'day', fixed: [{ op: 'eq', field: 'kind', value: 'day' }] },
    { label: 'month', fixed: [{ op: 'eq', field: 'kind', value: 'month' }] },
  ],
};

describe('filters in the URL', () => {
  it('the query string reads as parameters, and applied parameters write one without the empty ones', () => {
    expect(readParams('?mobile=138&from=1')).toEqual({ mobile: '138', from: '1' });
    expect(readParams('')).toEqual({});
    expect(searchOf({ mobile: '138', content: '', size: '100' })).toBe('mobile=138&size=100');
    expect(searchOf({ content: '' })).toBe('');
  });

  it('each filter kind becomes its query filter, after the fixed ones and the mode', () => {
    const params = { mobile: '138', content: 'hi', status: '1', sn: 'S1', mode: '1', from: '10', to: '20' };
    expect(buildFilters(def, params, viewer)).toEqual([
      { op: 'eq', field: 'prod_type', value: 0 },
      { op: 'eq', field: 'kind', value: 'month' },
      { op: 'prefix', field: 'mobile', value: '138' },
      { op: 'contains', field: 'content', value: 'hi' },
      { op: 'eq', field: 'status', value: 1 },
      { op: 'eq', field: 'sn', value: 'S1' },
      { op: 'range', field: 'at', from: 10, to: 20 },
    ]);
  });

  it('an unknown mode is the first; empty values and filters the viewer may not use are left out', () => {
    expect(buildFilters(def, { mode: '9', mobile: '', cus_id: 'C1', to: '5' }, viewer)).toEqual([
      { op: 'eq', field: 'prod_type', value: 0 },
      { op: 'eq', field: 'kind', value: 'day' },
      { op: 'range', field: 'at', from: undefined, to: 5 },
    ]);
    expect(buildFilters(def, { cus_id: 'C1' }, { ...viewer, userType: 1 })).toContainEqual({
      op: 'eq',
      field: 'cus_id',
      value: 'C1',
    });
  });

  it('the page size is one an operator can pick, else the default', () => {
    expect(pageSizeOf('100')).toBe(100);
    expect(pageSizeOf('33')).toBe(50);
    expect(pageSizeOf(undefined)).toBe(50);
  });

  it('the product line and the query key follow the filters', () => {
    expect(prodTypeOf([{ op: 'eq', field: 'prod_type', value: 2 }])).toBe(2);
    expect(prodTypeOf([])).toBe(0);
    const filters = buildFilters(def, {}, viewer);
    expect(queryKeyOf('mt_records', filters, 50)).toBe(JSON.stringify(['mt_records', filters, 50]));
  });
});
