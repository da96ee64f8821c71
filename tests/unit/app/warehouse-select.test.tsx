// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type BaseRecord, type DataProvider, type GetListParams } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_PAGE, WarehouseSelect } from '../../../src/app/pages/inventory/shared/WarehouseSelect.js';
import { fakeScreenWidth } from './screen-width';

beforeAll(() => fakeScreenWidth(1440));
afterEach(cleanup);

/** 5,000 warehouses on a server that pages and searches them, recording what each list request asked for. */
function warehouseApi() {
  const all = Array.from({ length: 5000 }, (_, i) => ({ _id: `w${i}`, id: `w${i}`, name: `Dark store ${String(i).padStart(4, '0')}`, status: 'active' }));
  const lists: GetListParams[] = [];
  const reads: string[] = [];
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async (params: GetListParams) => {
      lists.push(params);
      const q = params.filters?.find((f) => 'field' in f && f.field === 'q')?.value as string | undefined;
      const found = q ? all.filter((w) => w.name.toLowerCase().includes(q.toLowerCase())) : all;
      const { currentPage = 1, pageSize = 10 } = params.pagination ?? {};
      return { data: found.slice((currentPage - 1) * pageSize, currentPage * pageSize), total: found.length };
    }) as DataProvider['getList'],
    getOne: (async ({ id }) => {
      reads.push(String(id));
      const record = all.find((w) => w._id === id);
      if (!record) throw new Error('Warehouse not found');
      return { data: record as BaseRecord };
    }) as DataProvider['getOne'],
    create: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
    deleteOne: () => Promise.reject(new Error('not used')),
  };
  return { dataProvider, lists, reads };
}

function renderSelect(dataProvider: DataProvider, value?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The access policy (assigned warehouses) is asked of the real provider: none in a test, so every warehouse is offered.
  queryClient.setQueryData(['access', 'policy'], null);
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={{ can: async () => ({ can: true }) }}
          resources={[{ name: 'warehouses', list: '/warehouses' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <WarehouseSelect aria-label="Warehouse" value={value} onChange={() => undefined} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('the warehouse select', () => {
  it('asks the server for one page by name, searches on the server, and names a chosen warehouse that is not on the page', async () => {
    const { dataProvider, lists, reads } = warehouseApi();
    renderSelect(dataProvider, 'w4321');

    // The chosen warehouse is read by id: its name shows although the first page ends at 'Dark store 0049'.
    await waitFor(() => expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('Dark store 4321'));
    expect(reads).toEqual(['w4321']);
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    for (const request of lists) {
      expect(request.pagination).toMatchObject({ mode: 'server', pageSize: WAREHOUSE_PAGE });
      expect(request.sorters).toEqual([{ field: 'name', order: 'asc' }]);
    }

    const select = screen.getByRole('combobox', { name: 'Warehouse' });
    fireEvent.mouseDown(select);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    // One page (and the chosen one), never the 5,000.
    expect(document.querySelectorAll('.ant-select-item-option[title]').length).toBeLessThanOrEqual(WAREHOUSE_PAGE + 1);

    fireEvent.change(select, { target: { value: '1234' } });
    await waitFor(() => expect(lists.some((r) => r.filters?.some((f) => 'field' in f && f.field === 'q' && f.value === '1234'))).toBe(true), { timeout: 5000 });
    const searched = lists.find((r) => r.filters?.some((f) => 'field' in f && f.field === 'q' && f.value === '1234'))!;
    expect(searched.pagination).toMatchObject({ mode: 'server', pageSize: WAREHOUSE_PAGE });
    expect(await screen.findByTitle('Dark store 1234')).toBeTruthy();
    await act(async () => undefined);
  });
});
