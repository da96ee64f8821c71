// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type AccessControlProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceDeclarations } from '../../../src/app/resources/index.js';
import { movementColumns } from '../../../src/app/pages/reports/inventory-report/movement-columns.js';
import { MovementReference, referenceLink } from '../../../src/app/pages/reports/shared/MovementReference.js';
import { DayGroupedTable } from '../../../src/app/pages/reports/sale-purchase/DayGroupedTable.js';
import type { StockMovement } from '../../../src/app/pages/inventory/shared/types.js';
import { fakeScreenWidth } from './screen-width';
import { i18next } from '../../../src/app/i18n/i18n.js';

// The sale-purchase table asks Refine whether costs may be seen: here they may.
vi.mock('../../../src/app/access/costs', async (original) => ({ ...(await original<object>()), useSeesCosts: () => true }));
// The user's warehouse scope per resource (null: every warehouse), as the access policy would give it.
const scope = vi.hoisted(() => ({ of: {} as Record<string, { _id: string; name: string }[] | null> }));
vi.mock('../../../src/app/access/use-warehouse-scope', () => ({ useWarehouseScope: (resource: string) => scope.of[resource] ?? null }));

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  fakeScreenWidth(1440);
});
afterEach(cleanup);
beforeEach(() => {
  scope.of = {};
});

const ORDER_ID = '7d4f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const WAREHOUSE_ID = 'w-pune';
const receipt = { reference_type: 'purchase_order', reference_id: 'PO-2026-00042', purchase_order_id: ORDER_ID, warehouse_id: WAREHOUSE_ID };
const transfer = { reference_type: 'transfer', reference_id: 'abc', warehouse_id: WAREHOUSE_ID };

function OrderPage() {
  return <p>Order page {useParams().id}</p>;
}
/** `ui` at '/', beside the purchase order's page on the route the SPA registers for it; a role denied the 'resource:action' pairs listed. */
function atRoot(ui: ReactNode, denied: string[] = []) {
  const show = resourceDeclarations.find((d) => d.name === 'purchase-orders')!.routes!.show!;
  const accessControlProvider: AccessControlProvider = { can: async ({ resource, action }) => ({ can: !denied.includes(`${resource}:${action}`) }) };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Refine accessControlProvider={accessControlProvider} options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}>
        <Routes>
          <Route path="/" element={ui} />
          <Route path={show} element={<OrderPage />} />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

describe("a movement's reference", () => {
  it("opens a purchase order's page by the id the API gave, a transfer's by its id, and nothing else", () => {
    expect(referenceLink(receipt)).toBe(`/purchase-orders/show/${ORDER_ID}`);
    // No id: the caller may not open purchase orders (the API left it out), or no order has that number (null).
    expect(referenceLink({ ...receipt, purchase_order_id: undefined })).toBeNull();
    expect(referenceLink({ ...receipt, purchase_order_id: null })).toBeNull();
    expect(referenceLink({ reference_type: 'transfer', reference_id: 'abc' })).toBe('/transfers/abc');
    // An invoice that happens to carry an order's id is not an order.
    expect(referenceLink({ reference_type: 'invoice', reference_id: 'PO-2026-00042', purchase_order_id: ORDER_ID })).toBeNull();
  });

  it("links the order's number to the order's page, which the route opens", async () => {
    atRoot(<MovementReference movement={receipt} />);
    fireEvent.click(await screen.findByRole('link', { name: 'PO-2026-00042' }));
    expect(screen.getByText(`Order page ${ORDER_ID}`)).toBeTruthy();
  });

  it('shows the number as plain text to a role that may not open purchase orders, though the API named the order', async () => {
    atRoot(
      <>
        <MovementReference movement={receipt} />
        <MovementReference movement={transfer} />
      </>,
      ['purchase-orders:show'],
    );
    // The answers to 'may they?' have come (the transfer, which they may open, is a link): the order is still text.
    await screen.findByRole('link', { name: 'Transfer' });
    expect(screen.getByText('PO-2026-00042').closest('a')).toBeNull();
  });

  it("links an order only in a warehouse of the user's scope on purchase orders", async () => {
    scope.of['purchase-orders'] = [{ _id: 'w-jaipur', name: 'Jaipur Central Warehouse' }];
    atRoot(
      <>
        <MovementReference movement={receipt} />
        <MovementReference movement={{ ...receipt, reference_id: 'PO-2026-00043', warehouse_id: 'w-jaipur' }} />
      </>,
    );
    await screen.findByRole('link', { name: 'PO-2026-00043' });
    expect(screen.getByText('PO-2026-00042').closest('a')).toBeNull();
  });

  it('links a transfer only for a role that may open transfers', async () => {
    atRoot(<MovementReference movement={transfer} />);
    expect((await screen.findByRole('link', { name: 'Transfer' })).getAttribute('href')).toBe('/transfers/abc');
    cleanup();
    atRoot(
      <>
        <MovementReference movement={transfer} />
        <MovementReference movement={receipt} />
      </>,
      ['transfers:show'],
    );
    await screen.findByRole('link', { name: 'PO-2026-00042' });
    expect(screen.getByText('Transfer').closest('a')).toBeNull();
  });

  it('shows the number as plain text where the API named no order', async () => {
    atRoot(
      <>
        <MovementReference movement={{ ...receipt, purchase_order_id: undefined }} />
        <MovementReference movement={{ ...receipt, reference_id: 'PO-2026-00043' }} />
      </>,
    );
    await screen.findByRole('link', { name: 'PO-2026-00043' });
    expect(screen.getByText('PO-2026-00042').closest('a')).toBeNull();
  });

  it("is the ledger table's Reference column", async () => {
    const column = movementColumns(i18next.t).find((c) => c.key === 'reference')!;
    const movement = { _id: 'm1', quantity: 5, ...receipt } as StockMovement;
    atRoot(<>{'render' in column && column.render ? (column.render(undefined, movement, 0) as ReactNode) : null}</>);
    expect((await screen.findByRole('link', { name: 'PO-2026-00042' })).getAttribute('href')).toBe(`/purchase-orders/show/${ORDER_ID}`);
  });

  it('in the sale-purchase report: a receipt and a return to the seller, each linked to its order', async () => {
    // The report's warehouse is one of the user's: its orders open.
    scope.of['purchase-orders'] = [{ _id: WAREHOUSE_ID, name: 'Pune Central Warehouse' }];
    const item = { created: '2026-05-04T06:30:00Z', product_id: 'p1', product_name: 'Basmati Rice', unit_cost: 20 };
    atRoot(
      <DayGroupedTable
        testId="purchases"
        warehouseId={WAREHOUSE_ID}
        emptyText="No purchases"
        days={{
          '2026-05-04': {
            total: 160,
            total_quantity: 8,
            items: [
              { ...item, _id: 'r1', quantity: 10, total_value: 200, ...receipt },
              { ...item, _id: 'r2', quantity: -2, total_value: -40, ...receipt },
            ],
          },
        }}
      />,
    );
    fireEvent.click(screen.getByText(/04 May 2026/));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'PO-2026-00042' })).toHaveLength(2));
    const links = screen.getAllByRole('link', { name: 'PO-2026-00042' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/purchase-orders/show/${ORDER_ID}`, `/purchase-orders/show/${ORDER_ID}`]);
    expect(screen.getAllByText(/returned to seller/)).toHaveLength(1);
    expect(screen.getByTestId('purchases-grand-total').textContent).toContain('160');
  });

  it("in the sale-purchase report of a warehouse outside the user's scope on purchase orders: the numbers as text", async () => {
    scope.of['purchase-orders'] = [{ _id: 'w-jaipur', name: 'Jaipur Central Warehouse' }];
    const item = { created: '2026-05-04T06:30:00Z', product_id: 'p1', product_name: 'Basmati Rice', unit_cost: 20, quantity: 10, total_value: 200 };
    atRoot(
      <>
        <DayGroupedTable
          testId="purchases"
          warehouseId={WAREHOUSE_ID}
          emptyText="No purchases"
          days={{ '2026-05-04': { total: 200, total_quantity: 10, items: [{ ...item, _id: 'r1', ...receipt }] } }}
        />
        <MovementReference movement={{ ...receipt, reference_id: 'PO-2026-00043', warehouse_id: 'w-jaipur' }} />
      </>,
    );
    fireEvent.click(screen.getByText(/04 May 2026/));
    await screen.findByRole('link', { name: 'PO-2026-00043' });
    const row = screen.getByText(/Basmati Rice/).closest('tr')!;
    expect(row.textContent).toContain('PO-2026-00042');
    expect(within(row).queryByRole('link')).toBeNull();
  });
});

describe('the sale-purchase day of many movements', () => {
  it("shows its first movements and the count of all, and 'Show more' brings that day's next ones; the period's totals are the server's", async () => {
    const item = { created: '2026-05-04T06:30:00Z', product_id: 'p1', product_name: 'Basmati Rice', unit_cost: 20, quantity: 1, total_value: 20 };
    const asked: string[] = [];
    function Report() {
      const [more, setMore] = useState<Record<string, (typeof item & { _id: string })[]>>({});
      return (
        <DayGroupedTable
          testId="sales"
          emptyText="No sales"
          days={{ '2026-05-04': { total: 60, total_quantity: 3, item_count: 3, items: [{ ...item, _id: 's1' }] } }}
          totals={{ total: 980, total_quantity: 49, item_count: 40 }}
          more={more}
          onMore={(day) => {
            asked.push(day);
            setMore({
              [day]: [
                { ...item, _id: 's2' },
                { ...item, _id: 's3' },
              ],
            });
          }}
        />
      );
    }
    atRoot(<Report />);
    expect(screen.getByTestId('sales-grand-total').textContent).toContain('980');
    fireEvent.click(screen.getByText('04 May 2026 (3 items)'));
    fireEvent.click(await screen.findByRole('button', { name: 'Show more (1 of 3 shown)' }));
    expect(asked).toEqual(['2026-05-04']);
    await waitFor(() => expect(screen.getAllByText(/Basmati Rice/)).toHaveLength(3));
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
  });
});
