import { describe, expect, it } from 'vitest';
import { crudAddEndpoint, crudDeleteEndpoint, crudListEndpoint, crudUpdateEndpoint } from './crud.endpoints';

describe('crud endpoints', () => {
  it('use the methods the spec names', () => {
    expect([crudListEndpoint, crudDeleteEndpoint, crudAddEndpoint, crudUpdateEndpoint].map((e) => e.method)).toEqual([
      'GET',
      'DELETE',
      'POST',
      'PUT',
    ]);
  });
  it('coerce query-string paging and validate fields', () => {
    expect(crudListEndpoint.request.parse({ pageNumber: '3', pageSize: '50' })).toMatchObject({
      pageNumber: 3,
      pageSize: 50,
    });
    expect(crudDeleteEndpoint.request.safeParse({}).error?.issues[0].message).toBe('v.crud.idRequired');
    expect(crudAddEndpoint.request.safeParse({ name: ' ' }).error?.issues[0].message).toBe('v.crud.nameRequired');
    expect(crudUpdateEndpoint.request.parse({ id: '1', name: 'x' })).toEqual({ id: '1', name: 'x', remark: '' });
  });
});
