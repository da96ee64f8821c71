// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resourceDeclarations } from '../../../src/app/resources/index.js';
import { movementColumns } from '../../../src/app/pages/reports/inventory-report/movement-columns.js';
import { MovementReference, referenceLink } from '../../../src/app/pages/reports/shared/MovementReference.js';
import { DayGroupedTable } from '../../../src/app/pages/reports/sale-purchase/DayGroupedTable.js';
import type { StockMovement } from '../../../src/app/pages/inventory/shared/types.js';

// The sale-purchase table asks Refine whether costs may be seen: here they may.
vi.mock('../../../src/app/access/costs', async (original) => ({ ...(await original<object>()), useSeesCosts: () => true }));

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const ORDER_ID = '7d4f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const receipt = { reference_type: 'purchase_order', reference_id: 'PO-2026-00042', purchase_order_id: ORDER_ID };

function OrderPage() {
  return <p>Order page {useParams().id}</p>;
}
/** `ui` at '/', beside the purchase order's page on the route the SPA registers for it. */
function atRoot(ui: ReactNode) {
  const show = resourceDeclarations.find((d) => d.name === 'purchase-orders')!.routes!.show!;
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={ui} />
        <Route path={show} element={<OrderPage />} />
      </Routes>
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

  it("links the order's number to the order's page, which the route opens", () => {
    atRoot(<MovementReference movement={receipt} />);
    fireEvent.click(screen.getByRole('link', { name: 'PO-2026-00042' }));
    expect(screen.getByText(`Order page ${ORDER_ID}`)).toBeTruthy();
  });

  it('shows the number as plain text where the order cannot be opened', () => {
    atRoot(<MovementReference movement={{ ...receipt, purchase_order_id: undefined }} />);
    expect(screen.getByText('PO-2026-00042')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("is the ledger table's Reference column", () => {
    const column = movementColumns.find((c) => c.key === 'reference')!;
    const movement = { _id: 'm1', quantity: 5, ...receipt } as StockMovement;
    atRoot(<>{'render' in column && column.render ? (column.render(undefined, movement, 0) as ReactNode) : null}</>);
    expect(screen.getByRole('link', { name: 'PO-2026-00042' }).getAttribute('href')).toBe(`/purchase-orders/show/${ORDER_ID}`);
  });

  it('in the sale-purchase report: a receipt and a return to the seller, each linked to its order', () => {
    const item = { created: '2026-05-04T06:30:00Z', product_id: 'p1', product_name: 'Basmati Rice', unit_cost: 20 };
    atRoot(
      <DayGroupedTable
        testId="purchases"
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
    const links = screen.getAllByRole('link', { name: 'PO-2026-00042' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([`/purchase-orders/show/${ORDER_ID}`, `/purchase-orders/show/${ORDER_ID}`]);
    expect(screen.getAllByText(/returned to seller/)).toHaveLength(1);
    expect(screen.getByTestId('purchases-grand-total').textContent).toContain('160');
  });
});
