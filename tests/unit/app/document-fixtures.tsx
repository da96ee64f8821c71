// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type AccessControlProvider, type BaseRecord, type CrudFilter, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { defineResource, type ResourceDeclaration } from '../../../src/domain/resource.js';
import { ResourceFormPage } from '../../../src/app/crud/form/ResourceFormPage.js';
import { ResourceListPage } from '../../../src/app/crud/list/ResourceListPage.js';
import { ResourceShowPage } from '../../../src/app/crud/show/ResourceShowPage.js';
import { plainQueryRouterProvider as routerProvider } from '../../../src/app/providers/router-provider.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { fromSpec } from '../../../src/app/declared/declared.js';
import type { HistoryEntry } from '../../../src/app/resources/types.js';
import { fakeScreenWidth } from './screen-width';

/** TEST-ONLY declarations: a supplier-like resource and an order with lines, a date range, a workflow and a related list. */
export const testSuppliers = defineResource({
  name: 'test-suppliers',
  path: '/test-suppliers',
  label: 'Test Suppliers',
  entity: { title: 'Test Supplier', singular: 'test supplier', plural: 'test suppliers' },
  fields: {
    name: { kind: 'text', label: 'Name', required: true, column: 'Name', search: true },
    email: { kind: 'email', label: 'E-mail', column: 'E-mail' },
    phone: { kind: 'phone', label: 'Phone', column: 'Phone' },
  },
  screens: { list: '/test-suppliers', create: '/test-suppliers/new', edit: '/test-suppliers/:id/edit', show: '/test-suppliers/:id' },
  related: [{ resource: 'test-orders', field: 'supplier_id', title: 'Orders' }],
});

export const testOrders = defineResource({
  name: 'test-orders',
  path: '/test-orders',
  label: 'Test Orders',
  entity: { title: 'Test Order', singular: 'test order', plural: 'test orders' },
  numbering: { field: 'number', prefix: 'TO', yearly: true },
  fields: {
    number: { kind: 'text', label: 'Number', column: 'Number' },
    supplier_id: {
      kind: 'ref',
      label: 'Supplier',
      required: true,
      column: 'Supplier',
      filter: true,
      ref: { resource: 'test-suppliers', labelField: 'name', as: 'supplier' },
    },
    expected_on: { kind: 'date', label: 'Expected On', column: 'Expected', filter: 'range' },
    freight: { kind: 'money', label: 'Freight' },
    confirmed_at: { kind: 'datetime', label: 'Confirmed At' },
    status: {
      kind: 'choice',
      label: 'Status',
      column: 'Status',
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'submitted', label: 'Submitted', color: 'blue' },
        { value: 'received', label: 'Received', color: 'green' },
        { value: 'cancelled', label: 'Cancelled', color: 'red' },
      ],
      workflow: {
        initial: 'draft',
        editable: ['draft'],
        actions: {
          submit: { from: ['draft'], to: 'submitted', confirm: 'Submit this order to the supplier?' },
          receive: { from: ['submitted'], to: 'received', note: 'optional' },
          cancel: { from: ['draft', 'submitted'], to: 'cancelled', label: 'Cancel Order', confirm: 'Cancel this order?', note: 'required' },
        },
      },
    },
    lines: {
      kind: 'lines',
      label: 'Lines',
      column: 'Lines',
      lines: {
        itemLabel: 'Line',
        min: 1,
        fields: {
          product_id: { kind: 'ref', label: 'Product', required: true, ref: { resource: 'test-products', labelField: 'name' } },
          quantity: { kind: 'integer', label: 'Quantity', required: true, min: 1 },
          unit_cost: { kind: 'money', label: 'Unit Cost', required: true },
        },
        totals: { amount: { label: 'Amount', of: ['quantity', 'unit_cost'], kind: 'money' } },
      },
    },
  },
  timestamps: { created: true },
  screens: { list: '/test-orders', create: '/test-orders/new', edit: '/test-orders/:id/edit', show: '/test-orders/:id' },
});

export const suppliers = fromSpec(testSuppliers);
export const orders = fromSpec(testOrders);
const declarations = [suppliers, orders];

type Row = Record<string, unknown> & { _id: string };

const line = (_id: string, product: string, quantity: number, unit_cost: number) => ({
  _id,
  product_id: product,
  product_name: PRODUCTS.find((p) => p._id === product)!.name,
  quantity,
  unit_cost,
  amount: quantity * unit_cost,
});

export const PRODUCTS: Row[] = [
  { _id: 'p1', name: 'Basmati Rice 5 kg' },
  { _id: 'p2', name: 'Toor Dal 1 kg' },
];
export const SUPPLIERS: Row[] = [
  { _id: 's1', name: 'Acme Traders', email: 'acme@example.com', phone: '+91 98765 43210' },
  { _id: 's2', name: 'Bharat Foods', email: null, phone: null },
];

const created = (at: string): HistoryEntry => ({ action: 'created', changes: null, note: '', user_id: 'u1', user_name: 'Admin User', at });

/** An order as the API sends one: the header, the supplier's name after its id, the lines with their amounts, the sums, the history. */
export function order(_id: string, status: string, overrides: Partial<Row> = {}): Row {
  const lines = [line(`${_id}-l1`, 'p1', 2, 450), line(`${_id}-l2`, 'p2', 3, 120.5)];
  return {
    _id,
    number: `TO-2026-${_id.replace(/\D/g, '').padStart(5, '0')}`,
    supplier_id: 's1',
    supplier: 'Acme Traders',
    expected_on: '2026-11-24',
    freight: 110,
    confirmed_at: '2026-11-25T04:30:00.000Z',
    status,
    lines,
    lines_count: lines.length,
    amount: lines.reduce((s, l) => s + l.amount, 0),
    history: [created('2026-11-24T08:35:00.000Z')],
    created: '2026-11-24T08:35:00.000Z',
    ...overrides,
  };
}

const specOf: Record<string, ResourceDeclaration> = { 'test-orders': testOrders, 'test-suppliers': testSuppliers };

/** The API of the test resources at the data provider: lists filtered as the server does, the CRUD calls and the steps recorded. */
export function stubDocuments(initial: { orders?: Row[]; create?: (body: Record<string, unknown>) => Row } = {}) {
  const data: Record<string, Row[]> = { 'test-orders': initial.orders ?? [], 'test-suppliers': [...SUPPLIERS], 'test-products': [...PRODUCTS] };
  const calls = {
    list: [] as { resource: string; filters: Record<string, unknown> }[],
    created: [] as Record<string, unknown>[],
    updated: [] as Record<string, unknown>[],
    steps: [] as { url: string; body: unknown; key: string | undefined }[],
  };
  const withId = (row: Row) => ({ ...row, id: row._id }) as BaseRecord;
  const plain = (filters: CrudFilter[] | undefined) =>
    Object.fromEntries((filters ?? []).flatMap((f) => ('field' in f && f.value !== '' && f.value !== undefined ? [[f.field, f.value]] : [])));
  const matches = (row: Row, [field, value]: [string, unknown]) => {
    if (field === 'q')
      return String(row.name ?? '')
        .toLowerCase()
        .includes(String(value).toLowerCase());
    if (field.endsWith('_from')) return String(row[field.slice(0, -5)]) >= String(value);
    if (field.endsWith('_to')) return String(row[field.slice(0, -3)]) <= String(value);
    return String(row[field]) === String(value);
  };

  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async ({ resource, pagination, filters }) => {
      const wanted = plain(filters);
      calls.list.push({ resource, filters: wanted });
      const rows = (data[resource] ?? []).filter((row) => Object.entries(wanted).every((entry) => matches(row, entry)));
      const page = pagination?.currentPage ?? 1;
      const size = pagination?.pageSize ?? 10;
      return { data: rows.slice((page - 1) * size, page * size).map(withId), total: rows.length };
    }) as DataProvider['getList'],
    getMany: (async ({ resource, ids }) => ({ data: (data[resource] ?? []).filter((r) => ids.includes(r._id)).map(withId) })) as DataProvider['getMany'],
    getOne: (async ({ resource, id }) => {
      const row = data[resource]?.find((r) => r._id === id);
      if (!row) throw new ApiError('Not found', 404, 'server');
      return { data: withId(row) };
    }) as DataProvider['getOne'],
    create: (async ({ resource, variables }) => {
      const body = variables as Record<string, unknown>;
      calls.created.push(body);
      const row = initial.create ? initial.create(body) : ({ ...body, _id: 'o-new' } as Row);
      data[resource]!.push(row);
      return { data: withId(row) };
    }) as DataProvider['create'],
    update: (async ({ resource, id, variables }) => {
      calls.updated.push({ id, ...(variables as object) });
      const rows = data[resource]!;
      const index = rows.findIndex((r) => r._id === id);
      const body = variables as Record<string, unknown>;
      // An update replaces the rows: new ones, with ids of their own.
      const lines = Array.isArray(body.lines) ? { lines: body.lines.map((l: object, i: number) => ({ _id: `${String(id)}-u${i}`, ...l })) } : {};
      rows[index] = { ...rows[index]!, ...body, ...lines };
      return { data: withId(rows[index]!) };
    }) as DataProvider['update'],
    deleteOne: (async ({ resource, id }) => {
      data[resource] = data[resource]!.filter((r) => r._id !== id);
      return { data: { id } as BaseRecord };
    }) as DataProvider['deleteOne'],
    // The steps: POST /<path>/{id}/<step>, refused with a 409 naming the status where the step may not start.
    custom: (async ({ url, method, payload, headers }) => {
      const [, resource = '', id = '', step = ''] = url.split('/');
      calls.steps.push({ url: `${method.toUpperCase()} ${url}`, body: payload, key: (headers as Record<string, string> | undefined)?.['Idempotency-Key'] });
      const spec = specOf[resource]!;
      const action = spec.fields.status!.workflow!.actions[step]!;
      const row = data[resource]!.find((r) => r._id === id)!;
      if (!action.from.includes(String(row.status))) {
        throw new ApiError(`This test order is ${String(row.status)}: '${action.label ?? step}' is not possible`, 409, 'server');
      }
      const note = (payload as { note?: string } | undefined)?.note ?? '';
      row.history = [
        ...(row.history as HistoryEntry[]),
        {
          action: step,
          changes: { status: [row.status, action.to] },
          note,
          user_id: 'u1',
          user_name: 'Admin User',
          at: '2026-11-25T04:30:00.000Z',
        },
      ];
      row.status = action.to;
      return { data: withId(row) };
    }) as DataProvider['custom'],
  };
  return { dataProvider, calls, data };
}

export function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export const location = () => screen.getByTestId('location').textContent;

/** The generic screens of the test declarations, as the app routes them; `denied`: 'resource:action' pairs the role may not use. */
export function renderScreens(path: string, dataProvider: DataProvider, denied: string[] = []) {
  const accessControlProvider: AccessControlProvider = { can: async ({ resource, action }) => ({ can: !denied.includes(`${resource}:${action}`) }) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const relatedOf = (name: string) => declarations.find((d) => d.name === name);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={accessControlProvider}
          resources={[...declarations.map((d) => ({ name: d.name, ...d.routes })), { name: 'test-products' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            {declarations.flatMap((d) => [
              <Route key={`${d.name}-list`} path={d.routes!.list} element={<ResourceListPage declaration={d} />} />,
              <Route key={`${d.name}-create`} path={d.routes!.create} element={<ResourceFormPage declaration={d} mode="create" />} />,
              <Route key={`${d.name}-edit`} path={d.routes!.edit} element={<ResourceFormPage declaration={d} mode="edit" />} />,
              <Route key={`${d.name}-show`} path={d.routes!.show} element={<ResourceShowPage declaration={d} relatedOf={relatedOf} />} />,
            ])}
          </Routes>
          <Where />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** antd reads media queries; jsdom has none: these screens are drawn on a desktop's width (a test may then ask for a phone's). */
export const fakeMatchMedia = () => fakeScreenWidth(1440);
