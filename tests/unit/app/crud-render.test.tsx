// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type AccessControlProvider, type BaseRecord, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { plainQueryRouterProvider as routerProvider } from '../../../src/app/providers/router-provider';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { citySchema } from '../../../src/domain/schemas/city.js';
import { ResourceFormPage } from '../../../src/app/crud/form/ResourceFormPage.js';
import { ResourceListPage } from '../../../src/app/crud/list/ResourceListPage.js';
import { defineList, type SpaResource } from '../../../src/app/resources/types.js';
import { fakeScreenWidth } from './screen-width';

// A validation message can take over a second to render while the 2-core CI machine runs the other projects.

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  fakeScreenWidth(1440);
});
afterEach(cleanup);

type Town = { id: string; name: string; pincode: string; wards: string[]; is_active: boolean };

/** A plain resource declared once, as a developer would add one: list columns, form fields from a shared schema. */
const towns: SpaResource = {
  name: 'towns',
  label: 'Towns',
  routes: { list: '/towns', create: '/town-registration', edit: '/town-edit/:id' },
  entity: { singular: 'town', plural: 'towns' },
  list: defineList<Town>({
    title: 'Town Management',
    createLabel: 'Add Town',
    emptyText: 'No towns found',
    columns: [
      { key: 'name', title: 'Town Name', sort: 'name' },
      { key: 'pincode', title: 'PIN' },
      { key: 'wards', title: 'Wards', render: (t) => `${t.wards.length} wards` },
      {
        key: 'is_active',
        title: 'Status',
        render: (t) => (t.is_active ? 'Active' : 'Inactive'),
        filter: {
          options: [
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ],
        },
      },
    ],
  }),
  form: {
    titles: { create: 'Add Town', edit: 'Edit Town' },
    schemas: { create: citySchema, edit: citySchema.extend({ name: z.string().optional() }) },
    initialValues: { wards: [''], is_active: true },
    fields: [
      { name: 'name', label: 'Town Name' },
      { name: 'state', label: 'State' },
      { name: 'district', label: 'District' },
      { name: 'pincode', label: 'Pincode' },
      { name: 'wards', label: 'Wards', itemLabel: 'Ward' },
      { name: 'is_active', label: 'Active' },
    ],
  },
};

const allTowns: Town[] = Array.from({ length: 25 }, (_, i) => ({
  id: `t${i + 1}`,
  name: `Town ${i + 1}`,
  pincode: String(400000 + i),
  wards: ['A', 'B'],
  is_active: true,
}));

function stubData(rows: Town[] = allTowns) {
  const calls = {
    list: [] as { page: number; q?: unknown; sort?: string; is_active?: unknown }[],
    created: [] as unknown[],
    updated: [] as unknown[],
    deleted: [] as unknown[],
  };
  let data = [...rows];
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async ({ pagination, filters, sorters }) => {
      const page = pagination?.currentPage ?? 1;
      const size = pagination?.pageSize ?? 10;
      const filter = (field: string) => filters?.find((f) => 'field' in f && f.field === field)?.value;
      const sort = sorters?.[0] ? `${sorters[0].field} ${sorters[0].order}` : undefined;
      calls.list.push({ page, q: filter('q'), ...(sort && { sort }), ...(filter('is_active') !== undefined && { is_active: filter('is_active') }) });
      const shown = filter('is_active') === undefined ? data : data.filter((t) => String(t.is_active) === String(filter('is_active')));
      const ordered = sorters?.[0]?.order === 'desc' ? [...shown].reverse() : shown;
      return { data: ordered.slice((page - 1) * size, page * size), total: shown.length };
    }) as DataProvider['getList'],
    getOne: (async ({ id }) => ({ data: data.find((t) => t.id === id) as unknown as BaseRecord })) as DataProvider['getOne'],
    create: (async ({ variables }) => {
      calls.created.push(variables);
      return { data: { id: 'new', ...(variables as object) } };
    }) as DataProvider['create'],
    update: (async ({ id, variables }) => {
      calls.updated.push({ id, ...(variables as object) });
      return { data: { id, ...(variables as object) } };
    }) as DataProvider['update'],
    deleteOne: (async ({ id }) => {
      calls.deleted.push(id);
      data = data.filter((t) => t.id !== id);
      return { data: { id } as BaseRecord };
    }) as DataProvider['deleteOne'],
  };
  return { dataProvider, calls };
}

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" data-testid="back" onClick={() => navigate(-1)} />
    </>
  );
}

/** Refine's react-router binding, as in the app: useForm redirects to the list through it once saved. */
function renderApp(path: string | string[], dataProvider: DataProvider, denied: string[] = []) {
  const accessControlProvider: AccessControlProvider = { can: async ({ action }) => ({ can: !denied.includes(action) }) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={Array.isArray(path) ? path : [path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={accessControlProvider}
          resources={[{ name: 'towns', list: '/towns', create: '/town-registration', edit: '/town-edit/:id' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            <Route path="/towns" element={<ResourceListPage declaration={towns} />} />
            <Route path="/town-registration" element={<ResourceFormPage declaration={towns} mode="create" />} />
            <Route path="/town-edit/:id" element={<ResourceFormPage declaration={towns} mode="edit" />} />
          </Routes>
          <Where />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const rowTexts = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) => r.textContent);

describe('a declared list', () => {
  it('renders its title, columns and rows, with the real page count, and pages through the URL', async () => {
    const { dataProvider, calls } = stubData();
    renderApp('/towns', dataProvider);
    await screen.findByText('Town 1');
    expect(screen.getByRole('heading', { name: 'Town Management' })).toBeTruthy();
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Town Name', 'PIN', 'Wards', 'Status', 'Actions']);
    expect(rowTexts()[0]).toContain('2 wards');
    expect(rowTexts()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Town 11');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(location()).toBe('/towns?page=2');
    expect(calls.list.at(-1)).toEqual({ page: 2, q: undefined });
  });

  it("sorts and filters from the column headers in the API's names, kept in SPEC's plain URL parameters", async () => {
    const { dataProvider, calls } = stubData(allTowns.map((t, i) => ({ ...t, is_active: i % 5 !== 0 })));
    renderApp('/towns?page=2', dataProvider);
    await screen.findByText('Town 12');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Town Name' }));
    await waitFor(() => expect(location()).toBe('/towns?sort=name&order=asc'));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Town Name' }));
    await waitFor(() => expect(location()).toBe('/towns?sort=name&order=desc'));
    await screen.findByText('Town 25');
    expect(calls.list.at(-1)).toEqual({ page: 1, q: undefined, sort: 'name desc' });

    fireEvent.click(document.querySelector('.ant-table-filter-trigger') as HTMLElement);
    fireEvent.click(await screen.findByRole('menuitem', { name: /Inactive/ }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(location()).toBe('/towns?is_active=false&sort=name&order=desc'));
    await screen.findByText('5 records');
    expect(calls.list.at(-1)).toEqual({ page: 1, q: undefined, sort: 'name desc', is_active: 'false' });
  });

  it('follows the back button: the table returns to the state the URL names', async () => {
    const { dataProvider } = stubData();
    const history = ['/towns?q=Town', '/towns?q=Town&page=3'];
    renderApp(history, dataProvider);
    await screen.findByText('Town 21');
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    fireEvent.click(screen.getByTestId('back'));
    await screen.findByText('Town 1');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(location()).toBe('/towns?q=Town');
  });

  it('opens at the page and search of the URL, and shows the empty text', async () => {
    const { dataProvider, calls } = stubData([]);
    renderApp('/towns?page=1&q=zzz', dataProvider);
    await screen.findByText('No towns found');
    expect(calls.list[0]).toEqual({ page: 1, q: 'zzz' });
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it("opens a link in Refine's own query form, and rewrites it in the plain one", async () => {
    const { dataProvider, calls } = stubData([]);
    renderApp('/towns?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=zzz', dataProvider);
    await screen.findByText('No towns found');
    expect(calls.list[0]).toEqual({ page: 1, q: 'zzz' });
    await waitFor(() => expect(location()).toBe('/towns?q=zzz'));
  });

  it('hides Edit and Delete for a role the access-control provider refuses', async () => {
    const { dataProvider } = stubData();
    renderApp('/towns', dataProvider, ['edit', 'delete']);
    await screen.findByText('Town 1');
    // Add is allowed: once it shows, the access answers have arrived.
    await screen.findByRole('button', { name: /Add Town/ });
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('deletes after the confirmation derived from the entity name, then reloads', async () => {
    const { dataProvider, calls } = stubData();
    renderApp('/towns', dataProvider);
    await screen.findByText('Town 1');
    const firstRow = document.querySelector('.ant-table-tbody tr.ant-table-row') as HTMLElement;
    fireEvent.click(await within(firstRow).findByRole('button', { name: /Delete/ }));
    const popover = (await screen.findByText('Are you sure you want to delete this town?')).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.deleted).toEqual(['t1']));
    await waitFor(() => expect(screen.queryByText('Town 1')).toBeNull());
    expect(screen.getByText('24 records')).toBeTruthy();
  });
});

describe('a declared form', () => {
  it('renders its fields with the schema rules, refuses invalid input with its messages and sends the parsed values', async () => {
    const { dataProvider, calls } = stubData();
    renderApp('/town-registration', dataProvider);
    await screen.findByRole('heading', { name: 'Add Town' });
    for (const label of ['Town Name', 'State', 'District', 'Pincode', 'Active']) expect(screen.getByLabelText(label)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please enter a valid 6-digit pincode');
    expect(screen.getByText('City name is required')).toBeTruthy();
    expect(screen.getByText('At least one ward is required')).toBeTruthy();
    expect(calls.created).toEqual([]);

    fireEvent.change(screen.getByLabelText('Town Name'), { target: { value: ' Kota ' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Rajasthan' } });
    fireEvent.change(screen.getByLabelText('District'), { target: { value: 'Kota' } });
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '324001' } });
    fireEvent.change(screen.getByLabelText('Ward 1'), { target: { value: 'Talwandi' } });
    fireEvent.click(screen.getByRole('button', { name: /Add Ward/ }));
    fireEvent.change(await screen.findByLabelText('Ward 2'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toEqual({ name: 'Kota', state: 'Rajasthan', district: 'Kota', pincode: '324001', wards: ['Talwandi'], is_active: true });
    await waitFor(() => expect(location()).toBe('/towns'));
  });

  it('loads the record on edit and saves with the edit schema', async () => {
    const { dataProvider, calls } = stubData([
      { id: 't7', name: 'Bundi', pincode: '323001', wards: ['Old City'], is_active: false, state: 'Rajasthan', district: 'Bundi' } as Town,
    ]);
    renderApp('/town-edit/t7', dataProvider);
    await waitFor(() => expect((screen.getByLabelText('Town Name') as HTMLInputElement).value).toBe('Bundi'));
    expect((screen.getByLabelText('Ward 1') as HTMLInputElement).value).toBe('Old City');
    fireEvent.change(screen.getByLabelText('District'), { target: { value: 'Bundi East' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toMatchObject({ id: 't7', district: 'Bundi East', wards: ['Old City'], is_active: false });
    await waitFor(() => expect(location()).toBe('/towns'));
  });
});
