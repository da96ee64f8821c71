// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type AccessControlProvider, type BaseRecord, type CrudFilter, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ResourceListPage } from '../../../src/app/crud/list/ResourceListPage.js';
import { ResourceShowPage } from '../../../src/app/crud/show/ResourceShowPage.js';
import PurchaseOrderPrintPage from '../../../src/app/pages/purchase-orders/PurchaseOrderPrintPage.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import { plainQueryRouterProvider as routerProvider } from '../../../src/app/providers/router-provider.js';
import { findDeclaration } from '../../../src/app/resources/index.js';
import type { HistoryEntry } from '../../../src/app/resources/types.js';

const purchaseOrders = findDeclaration('purchase-orders')!;
const users = findDeclaration('users')!;

/** Purchase orders as the API answers them (src/server/services/purchase-orders/presenter.ts), for the real screens. */
type Row = Record<string, unknown> & { _id: string };

export const SELLER: Row = {
  _id: 'u-seller',
  firstname: 'Omkar',
  lastname: 'Deshmukh',
  email: 'seller@demo.local',
  phonenumber: '9000000009',
  role: 'seller',
  role_label: 'Seller',
  status: 'active',
  address: '18, Main Road',
  city: 'Pune',
  gst_no: '27ABCDE1008F1Z5',
};
export const ADMIN_USER: Row = { ...SELLER, _id: 'u-admin', firstname: 'Aarti', lastname: 'Verma', role: 'admin', role_label: 'Admin', gst_no: '' };
export const WAREHOUSE: Row = {
  _id: 'w1',
  name: 'Pune Central Warehouse',
  address: 'Plot 14, MIDC, Bhosari',
  city: 'Pune',
  contact_person: 'Rakesh Sharma',
  contact_phone: '+91 98290 11223',
};

/** A line of an order: 'tracked' takes a batch and expiry on receipt. */
export function line(
  _id: string,
  product: 'curd' | 'rice' | 'dal',
  figures: { quantity: number; received?: number; returned?: number; due?: number; unit_cost?: number },
): Row {
  const names = { curd: 'Fresh Curd 400 g', rice: 'Basmati Rice 5 kg', dal: 'Toor Dal 1 kg' };
  const gst = { curd: 5, rice: 5, dal: 12 };
  const received = figures.received ?? 0;
  const unitCost = figures.unit_cost ?? 100;
  return {
    _id,
    product_id: `p-${product}`,
    product_name: names[product],
    quantity: figures.quantity,
    unit_cost: unitCost,
    received_quantity: received,
    returned_quantity: figures.returned ?? 0,
    due_quantity: figures.due ?? figures.quantity - received,
    gst_rate: gst[product],
    hsn_code: product === 'curd' ? '0403' : '1006',
    amount: figures.quantity * unitCost,
    units: figures.quantity,
    tracks_expiry: product === 'curd',
    line_tax: Math.round(figures.quantity * unitCost * gst[product]) / 100,
  };
}

const created: HistoryEntry = { action: 'created', changes: null, note: '', user_id: 'u-admin', user_name: 'Aarti Verma', at: '2026-11-20T04:30:00.000Z' };
const ordered: HistoryEntry = {
  action: 'order',
  changes: { status: ['draft', 'ordered'] },
  note: '',
  user_id: 'u-admin',
  user_name: 'Aarti Verma',
  at: '2026-11-21T04:30:00.000Z',
};

/** An ordered purchase order of curd (tracked), rice and dal, with CGST + SGST (one state). */
export function order(overrides: Partial<Row> = {}): Row {
  const lines = (overrides.lines as Row[] | undefined) ?? [
    line('l1', 'curd', { quantity: 10 }),
    line('l2', 'rice', { quantity: 5 }),
    line('l3', 'dal', { quantity: 4, received: 4 }),
  ];
  return {
    _id: 'po1',
    number: 'PO-2026-00042',
    seller_id: SELLER._id,
    seller_name: 'Omkar Deshmukh',
    warehouse_id: WAREHOUSE._id,
    warehouse_name: WAREHOUSE.name,
    expected_on: '2026-11-30',
    status: 'ordered',
    notes: 'Call before delivery',
    overdue: false,
    lines,
    lines_count: lines.length,
    units: 19,
    amount: 1900,
    taxes: {
      supply: 'intra',
      seller_state: 'Maharashtra',
      warehouse_state: 'Maharashtra',
      taxable: 1900,
      cgst: 62,
      sgst: 62,
      igst: 0,
      tax: 124,
      total: 2024,
      rates: [
        { rate: 5, taxable: 1500, cgst: 37.5, sgst: 37.5, igst: 0, tax: 75 },
        { rate: 12, taxable: 400, cgst: 24.5, sgst: 24.5, igst: 0, tax: 49 },
      ],
    },
    history: [created, ordered],
    created: created.at,
    modified: ordered.at,
    ...overrides,
  };
}

/** What a role without 'costs: see' gets: no unit cost, amount, line tax nor taxes anywhere. */
export function withoutCosts(row: Row): Row {
  const { taxes: _taxes, amount: _amount, ...rest } = row;
  return { ...rest, lines: (row.lines as Row[]).map(({ unit_cost: _u, amount: _a, line_tax: _t, ...l }) => l) };
}

export type StepCall = { url: string; body: Record<string, unknown>; key: string | undefined };
/** How the stub API answers a step: the record after it, or a refusal. */
export type StepAnswer = (call: StepCall, row: Row) => Row | ApiError;

/** Batches of the curd in the warehouse (GET /inventory/{id}/batches): one of them empty, never offered. */
export const CURD_BATCHES = [
  { batch_no: 'B-OLD', expiry_date: '2026-12-01', mfg_date: null, current_stock: 0, expired: false, days_to_expiry: 6 },
  { batch_no: 'B-101', expiry_date: '2026-12-05', mfg_date: null, current_stock: 7, expired: false, days_to_expiry: 10 },
  { batch_no: 'B-102', expiry_date: '2027-01-20', mfg_date: null, current_stock: 12, expired: false, days_to_expiry: 56 },
];

export function stubPurchaseOrders(rows: Row[], answer?: StepAnswer) {
  const data: Record<string, Row[]> = { 'purchase-orders': rows, users: [SELLER, ADMIN_USER], warehouses: [WAREHOUSE] };
  const calls = { steps: [] as StepCall[], list: [] as { resource: string; filters: Record<string, unknown> }[], gets: [] as string[] };
  const withId = (row: Row) => ({ ...row, id: row._id }) as BaseRecord;
  const plain = (filters: CrudFilter[] | undefined) =>
    Object.fromEntries((filters ?? []).flatMap((f) => ('field' in f && f.value !== '' && f.value !== undefined ? [[f.field, f.value]] : [])));
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async ({ resource, filters }) => {
      const wanted = plain(filters);
      calls.list.push({ resource, filters: wanted });
      // Several values of a filter, comma-separated, match any of them (the API's `?status=ordered,partially_received`).
      const found = (data[resource] ?? []).filter((r) => Object.entries(wanted).every(([k, v]) => String(v).split(',').includes(String(r[k]))));
      return { data: found.map(withId), total: found.length };
    }) as DataProvider['getList'],
    getMany: (async ({ resource, ids }) => ({ data: (data[resource] ?? []).filter((r) => ids.includes(r._id)).map(withId) })) as DataProvider['getMany'],
    getOne: (async ({ resource, id }) => {
      calls.gets.push(`${resource}/${String(id)}`);
      const row = data[resource]?.find((r) => r._id === id);
      if (!row) throw new ApiError('Not found', 404, 'server');
      return { data: withId(row) };
    }) as DataProvider['getOne'],
    create: (async () => {
      throw new Error('not used');
    }) as DataProvider['create'],
    update: (async () => {
      throw new Error('not used');
    }) as DataProvider['update'],
    deleteOne: (async () => {
      throw new Error('not used');
    }) as DataProvider['deleteOne'],
    custom: (async ({ url, method, payload, headers, query }) => {
      if (method === 'get' && url === '/inventory') {
        const q = query as { product_id?: string };
        return { data: { data: q.product_id === 'p-curd' ? [{ _id: 'inv-curd', product_id: 'p-curd', warehouse_id: WAREHOUSE._id, current_stock: 19 }] : [] } };
      }
      if (method === 'get' && url === '/inventory/inv-curd/batches') return { data: { data: CURD_BATCHES } };
      const [, resource = '', id = ''] = url.split('/');
      const call: StepCall = {
        url: `${method.toUpperCase()} ${url}`,
        body: payload as Record<string, unknown>,
        key: (headers as Record<string, string> | undefined)?.['Idempotency-Key'],
      };
      calls.steps.push(call);
      const list = data[resource]!;
      const index = list.findIndex((r) => r._id === id);
      const next = answer ? answer(call, list[index]!) : list[index]!;
      if (next instanceof ApiError) throw next;
      list[index] = next;
      return { data: withId(next) };
    }) as DataProvider['custom'],
  };
  return { dataProvider, calls, data };
}

/** The purchase order screens as the app routes them, a role denied the 'resource:action' pairs listed. */
export function renderOrders(path: string, dataProvider: DataProvider, denied: string[] = []) {
  const accessControlProvider: AccessControlProvider = { can: async ({ resource, action }) => ({ can: !denied.includes(`${resource}:${action}`) }) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const declarations = [purchaseOrders, users];
  const relatedOf = (name: string) => declarations.find((d) => d.name === name);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={accessControlProvider}
          resources={[...declarations.map((d) => ({ name: d.name, ...d.routes })), { name: 'warehouses' }, { name: 'inventory' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            <Route path="/purchase-orders" element={<ResourceListPage declaration={purchaseOrders} />} />
            <Route path="/purchase-orders/show/:id" element={<ResourceShowPage declaration={purchaseOrders} relatedOf={relatedOf} />} />
            <Route path="/purchase-orders/print/:id" element={<PurchaseOrderPrintPage />} />
            <Route path="/users/show/:id" element={<ResourceShowPage declaration={users} relatedOf={relatedOf} />} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** The dialog that is open now. */
export const dialog = async () => screen.findByRole('dialog');

export { fakeScreenWidth } from './screen-width';
