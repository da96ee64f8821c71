// @vitest-environment jsdom
// The app's texts (src/app/i18n): the screens read them through react-i18next, in English here.
import '../../../src/app/i18n/i18n';
import { Refine, type AccessControlProvider, type BaseRecord, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReplenishmentRow } from '../../../src/domain/schemas/replenishment.js';
import ReplenishmentPage from '../../../src/app/pages/replenishment/ReplenishmentPage.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { Where, location } from './document-fixtures';
import { fakeScreenWidth } from './screen-width';

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  fakeScreenWidth(1440);
});
afterEach(cleanup);

const row = (n: number, overrides: Partial<ReplenishmentRow> = {}): ReplenishmentRow => ({
  inventory_id: `i${n}`,
  warehouse_id: 'w1',
  product_id: `p${n}`,
  product_name: `Product ${String(n).padStart(3, '0')}`,
  sku: `SKU-${n}`,
  category_id: 'c1',
  category_name: 'Staples',
  on_hand: n,
  on_order: 0,
  in_transit: 0,
  daily_outflow: 1.5,
  days_of_cover: n / 1.5,
  projected_stock: n - 3,
  minimum_stock: 20,
  maximum_stock: 80,
  lead_time_days: 5,
  order_multiple: 6,
  suggested_quantity: 84,
  preferred_seller_id: n % 2 ? 's1' : 's2',
  preferred_seller_name: n % 2 ? 'Mahesh Agarwal' : 'Farhan Qureshi',
  last_purchase_cost: 42.5,
  ...overrides,
});

/** The API at the data provider: warehouses, sellers, categories; the suggestions paged as the server pages them; the orders posted. */
function stubApi(options: { rows?: Record<string, ReplenishmentRow[]>; failList?: boolean } = {}) {
  const rows = options.rows ?? { w1: [row(1), row(2), row(3, { preferred_seller_id: null, preferred_seller_name: null })], w2: [] };
  const calls = { gets: [] as Record<string, unknown>[], posts: [] as { body: unknown; key: string | undefined }[] };
  const list = (data: BaseRecord[]) => ({ data: data.map((d) => ({ ...d, id: d._id })), total: data.length });
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async ({ resource }) => {
      if (resource === 'warehouses')
        return list([
          { _id: 'w1', name: 'Jaipur Central' },
          { _id: 'w2', name: 'Kota Depot' },
        ]);
      if (resource === 'sellers')
        return list([
          { _id: 's1', firstname: 'Mahesh', lastname: 'Agarwal' },
          { _id: 's2', firstname: 'Farhan', lastname: 'Qureshi' },
        ]);
      if (resource === 'category-tree') return list([{ _id: 'c1', category_id: 'c1', category: 'Staples', subcategories: [] }]);
      throw new Error(`unexpected list ${resource}`);
    }) as DataProvider['getList'],
    getOne: () => Promise.reject(new Error('not used')),
    create: () => Promise.reject(new Error('not used')),
    update: () => Promise.reject(new Error('not used')),
    deleteOne: () => Promise.reject(new Error('not used')),
    custom: (async ({ url, method, query, payload, headers }) => {
      if (url === '/replenishment' && method === 'get') {
        const q = query as { warehouse_id: string; page: number; limit: number };
        calls.gets.push(q);
        if (options.failList) throw new ApiError('Failed to fetch the replenishment suggestions', 500, 'server');
        const all = rows[q.warehouse_id] ?? [];
        return { data: { data: all.slice((q.page - 1) * q.limit, q.page * q.limit), total: all.length, page: q.page, limit: q.limit } };
      }
      if (url === '/replenishment/orders' && method === 'post') {
        calls.posts.push({ body: payload, key: (headers as Record<string, string>)['Idempotency-Key'] });
        return {
          data: {
            orders: [
              { _id: 'o1', number: 'PO-2026-00041', seller_id: 's1', seller_name: 'Mahesh Agarwal', expected_on: '2026-12-01', lines: 1 },
              { _id: 'o2', number: 'PO-2026-00042', seller_id: 's2', seller_name: 'Farhan Qureshi', expected_on: '2026-11-27', lines: 1 },
            ],
          },
        };
      }
      throw new Error(`unexpected ${method} ${url}`);
    }) as DataProvider['custom'],
  };
  return { dataProvider, calls };
}

function renderPage(dataProvider: DataProvider, denied: string[] = [], path = '/replenishment') {
  const accessControlProvider: AccessControlProvider = { can: async ({ resource, action }) => ({ can: !denied.includes(`${resource}:${action}`) }) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={accessControlProvider}
          resources={[{ name: 'replenishment', list: '/replenishment' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <ReplenishmentPage />
          <Where />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

const tableRows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
const checkbox = (name: string) => screen.getByLabelText(`Choose ${name}`) as HTMLInputElement;

describe('the replenishment screen', () => {
  it("opens the user's first warehouse, shows its suggestions with figures right-aligned, and says when there is nothing to reorder", async () => {
    const { dataProvider, calls } = stubApi();
    renderPage(dataProvider);
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(location()).toBe('/replenishment?warehouse_id=w1');
    expect(calls.gets[0]).toMatchObject({ warehouse_id: 'w1', page: 1, limit: 50 });
    const first = tableRows()[0]!;
    expect(first.textContent).toContain('Product 001');
    expect(first.textContent).toContain('Mahesh Agarwal');
    expect((within(first).getByText('84').closest('td') as HTMLElement).style.textAlign).toBe('right');
    // Days of cover below the lead time (0.7 < 5) stands out.
    expect(within(first).getByText('0.7').closest('.ant-tag')).not.toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Last cost' })).toBeTruthy();
    expect(first.textContent).toContain('₹42.50');
    // A product without a preferred seller cannot be ordered from here.
    expect(checkbox('Product 003').disabled).toBe(true);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Warehouse' }));
    fireEvent.click((await screen.findAllByTitle('Kota Depot')).at(-1)!);
    await screen.findByText('Nothing to reorder in Kota Depot');
    expect(location()).toBe('/replenishment?warehouse_id=w2');
  });

  it('creates one draft per seller from the chosen rows and quantities, after a confirmation, then links to the drafts and refreshes', async () => {
    const { dataProvider, calls } = stubApi();
    renderPage(dataProvider);
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    const create = screen.getByRole('button', { name: /Create purchase orders/ });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkbox('Product 001'));
    fireEvent.click(checkbox('Product 002'));
    const quantity = await screen.findByLabelText('Order quantity of Product 002');
    expect((quantity as HTMLInputElement).value).toBe('84');
    fireEvent.change(quantity, { target: { value: '0' } });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(true));
    fireEvent.change(quantity, { target: { value: '30' } });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('2 products chosen')).toBeTruthy();

    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      '2 draft purchase orders for 2 sellers (Mahesh Agarwal, Farhan Qureshi), 2 lines in all, delivered to Jaipur Central.',
    );
    expect(calls.posts).toHaveLength(0);
    const gets = calls.gets.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create 2 orders' }));
    await waitFor(() => expect(calls.posts).toHaveLength(1));
    expect(calls.posts[0]!.body).toEqual({
      warehouse_id: 'w1',
      lines: [
        { product_id: 'p1', quantity: 84 },
        { product_id: 'p2', quantity: 30 },
      ],
    });
    expect(calls.posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const link = await screen.findByRole('link', { name: /PO-2026-00041/ });
    expect(link.getAttribute('href')).toBe('/purchase-orders/show/o1');
    expect(screen.getByRole('link', { name: /PO-2026-00042/ }).getAttribute('href')).toBe('/purchase-orders/show/o2');
    await waitFor(() => expect(calls.gets.length).toBeGreaterThan(gets));
    expect(screen.getByText('3 products to reorder')).toBeTruthy();
  });

  it('chooses every matching product across pages, the ones without a seller left out', async () => {
    const many = Array.from({ length: 120 }, (_, i) => row(i + 1, i === 60 ? { preferred_seller_id: null, preferred_seller_name: null } : {}));
    const { dataProvider, calls } = stubApi({ rows: { w1: many } });
    renderPage(dataProvider);
    await waitFor(() => expect(tableRows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120' }));
    await screen.findByText('119 products chosen');
    // Two pages of 100 were read for it.
    expect(calls.gets.filter((g) => g.limit === 100).map((g) => g.page)).toEqual([1, 2]);
    fireEvent.click(screen.getByRole('button', { name: /Create purchase orders/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('119 lines in all');
  });

  it('hides the cost column from a role without costs, and offers no ordering without replenishment: create', async () => {
    const { dataProvider } = stubApi();
    renderPage(dataProvider, ['costs:see', 'replenishment:create']);
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(screen.queryByRole('columnheader', { name: 'Last cost' })).toBeNull();
    expect(tableRows()[0]!.textContent).not.toContain('₹');
    expect(screen.queryByLabelText('Choose Product 001')).toBeNull();
    expect((screen.getByRole('button', { name: /Create purchase orders/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why the suggestions could not be read, with a retry', async () => {
    const { dataProvider, calls } = stubApi({ failList: true });
    renderPage(dataProvider);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch the replenishment suggestions');
    expect(screen.queryByText(/Nothing to reorder/)).toBeNull();
    const before = calls.gets.length;
    fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(calls.gets.length).toBeGreaterThan(before));
  });
});
