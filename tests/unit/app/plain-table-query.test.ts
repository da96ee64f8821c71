import { describe, expect, it } from 'vitest';
import { plainToTableQuery, samePlainQuery, tableQueryToPlain } from '../../../src/app/providers/plain-table-query';

describe("a table's state in SPEC's plain query parameters", () => {
  it('writes page, sort and filters under the names the API reads, leaving out defaults and empty values', () => {
    expect(
      tableQueryToPlain({
        currentPage: 3,
        pageSize: 10,
        sorters: [{ field: 'created', order: 'desc' }],
        filters: [
          { field: 'q', operator: 'contains', value: 'milk' },
          { field: 'warehouse_id', operator: 'eq', value: 'w1' },
          { field: 'role', operator: 'in', value: ['admin'] },
          { field: 'city_id', operator: 'eq', value: '' },
          { field: 'low_stock_only', operator: 'eq', value: false },
        ],
      }),
    ).toEqual({ q: 'milk', warehouse_id: 'w1', role: 'admin', sort: 'created', order: 'desc', page: '3' });
    expect(tableQueryToPlain({ currentPage: 1, pageSize: 10, sorters: [], filters: [] })).toEqual({});
    expect(tableQueryToPlain({ currentPage: 1, pageSize: 50 })).toEqual({ pageSize: '50' });
  });

  it('reads a plain URL back as the same state: q is a text search, other parameters are equalities', () => {
    const state = plainToTableQuery({ page: '2', q: 'milk', warehouse_id: 'w1', sort: 'name', order: 'desc', to: '/x' });
    expect(state).toEqual({
      currentPage: 2,
      pageSize: undefined,
      sorters: [{ field: 'name', order: 'desc' }],
      filters: [
        { field: 'q', operator: 'contains', value: 'milk' },
        { field: 'warehouse_id', operator: 'eq', value: 'w1' },
      ],
    });
    expect(tableQueryToPlain(state)).toEqual({ q: 'milk', warehouse_id: 'w1', sort: 'name', order: 'desc', page: '2' });
  });

  it('ignores what is not a page (page=0, page=abc) and compares states regardless of parameter order', () => {
    expect(plainToTableQuery({ page: '0' }).currentPage).toBeUndefined();
    expect(plainToTableQuery({ page: 'abc' }).currentPage).toBeUndefined();
    expect(samePlainQuery({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(samePlainQuery({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  });
});
