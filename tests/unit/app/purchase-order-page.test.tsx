// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_USER, SELLER, fakeScreenWidth, order, renderOrders, stubPurchaseOrders, withoutCosts } from './purchase-order-fixtures';

beforeEach(() => fakeScreenWidth(1440));
afterEach(cleanup);

const field = (label: string) => screen.getByText(label, { selector: '.ant-descriptions-item-label' }).nextElementSibling as HTMLElement;
/** The header, then each row (antd adds a row of its own to measure columns: not one of them). */
const tableCells = (table: HTMLElement) =>
  [...table.querySelectorAll('thead tr, tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe("a purchase order's page", () => {
  it('names the seller with their phone and GST number (a link to their page), marks an overdue order, and lists what is ordered, received, returned and due', async () => {
    const { dataProvider } = stubPurchaseOrders([order({ overdue: true })]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    await screen.findByRole('heading', { name: 'Purchase Order PO-2026-00042' });
    await waitFor(() => expect(field('Seller').textContent).toBe('Omkar Deshmukh · 9000000009 · GSTIN 27ABCDE1008F1Z5'));
    expect(within(field('Seller')).getByRole('link', { name: 'Omkar Deshmukh' }).getAttribute('href')).toBe('/users/show/u-seller');
    expect(field('Expected On').textContent).toBe('30 Nov 2026Overdue');
    expect(within(field('Expected On')).getByText('Overdue').className).toContain('ant-tag-red');
    expect(field('Status').textContent).toBe('Ordered');
    expect(field('Warehouse').textContent).toBe('Pune Central Warehouse');
    expect(tableCells(screen.getByRole('table', { name: 'Lines' }))).toEqual([
      ['#', 'Product', 'Ordered', 'Received', 'Returned', 'Due', 'Unit Cost', 'GST %', 'HSN', 'Amount'],
      ['1', 'Fresh Curd 400 g', '10', '0', '0', '10', '₹100.00', '5', '0403', '₹1,000.00'],
      ['2', 'Basmati Rice 5 kg', '5', '0', '0', '5', '₹100.00', '5', '1006', '₹500.00'],
      ['3', 'Toor Dal 1 kg', '4', '4', '0', '0', '₹100.00', '12', '1006', '₹400.00'],
    ]);
    expect(screen.getByTestId('total-units').textContent).toBe('19');
    // The tax summary is a chunk of its own, loaded after the page.
    expect((await screen.findByTestId('tax-supply')).textContent).toBe('Within Maharashtra: CGST + SGST');
    expect(['taxable', 'cgst', 'sgst', 'total'].map((k) => screen.getByTestId(`tax-${k}`).textContent)).toEqual(['₹1,900.00', '₹62.00', '₹62.00', '₹2,024.00']);
    expect(screen.queryByTestId('tax-igst')).toBeNull();
    // An order on time carries no mark.
    cleanup();
    renderOrders('/purchase-orders/show/po1', stubPurchaseOrders([order()]).dataProvider);
    await screen.findByRole('heading', { name: 'Purchase Order PO-2026-00042' });
    expect(field('Expected On').textContent).toBe('30 Nov 2026');
  });

  it('shows no cost column, total or tax to a role without costs: nothing blank, no NaN', async () => {
    const { dataProvider } = stubPurchaseOrders([withoutCosts(order())]);
    renderOrders('/purchase-orders/show/po1', dataProvider, ['users:show']);
    await screen.findByRole('heading', { name: 'Purchase Order PO-2026-00042' });
    const card = screen.getByRole('table', { name: 'Lines' }).closest('.ant-card') as HTMLElement;
    expect(tableCells(screen.getByRole('table', { name: 'Lines' }))[0]).toEqual(['#', 'Product', 'Ordered', 'Received', 'Returned', 'Due', 'GST %', 'HSN']);
    expect(card.textContent).not.toMatch(/₹|NaN|—/);
    expect(screen.queryByRole('table', { name: 'GST by rate' })).toBeNull();
    // The seller as the order names them: no link to a page the role may not open.
    expect(field('Seller').textContent).toBe('Omkar Deshmukh');
    expect(within(field('Seller')).queryByRole('link')).toBeNull();
  });

  it("opens the printable order from 'Print'", async () => {
    const { dataProvider } = stubPurchaseOrders([order()]);
    renderOrders('/purchase-orders/show/po1', dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: /Print/ }));
    expect(await screen.findByRole('article', { name: 'Printable purchase order' })).toBeTruthy();
  });
});

describe('the purchase orders list', () => {
  it('marks the overdue orders beside their expected day, and shows the status as its coloured tag', async () => {
    const { dataProvider } = stubPurchaseOrders([
      order({ _id: 'po1', number: 'PO-2026-00041', overdue: true }),
      order({ _id: 'po2', number: 'PO-2026-00042', status: 'partially_received', expected_on: '2026-12-05' }),
    ]);
    renderOrders('/purchase-orders', dataProvider);
    await screen.findByText('PO-2026-00042');
    const [late, onTime] = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    const expected = headers.indexOf('Expected');
    expect([...late!.querySelectorAll('td')][expected]!.textContent).toBe('30 Nov 2026Overdue');
    expect(within(late!).getByText('Overdue').className).toContain('ant-tag-red');
    expect([...onTime!.querySelectorAll('td')][expected]!.textContent).toBe('05 Dec 2026');
    expect(within(onTime!).getByText('Partially received').className).toContain('ant-tag-orange');
    // Filters in the headers: the seller, the warehouse, a period of expected days, the status.
    const filtered = [...document.querySelectorAll('.ant-table-thead th')]
      .filter((th) => th.querySelector('.ant-table-filter-trigger'))
      .map((th) => th.textContent);
    expect(filtered).toEqual(['Seller', 'Warehouse', 'Expected', 'Status']);
  });

  it("opens at several statuses from the URL (the dashboard's open orders), ticked in the Status header, and ticks one more", async () => {
    const { dataProvider, calls } = stubPurchaseOrders([
      order({ _id: 'po1', number: 'PO-2026-00041' }),
      order({ _id: 'po2', number: 'PO-2026-00042', status: 'partially_received' }),
      order({ _id: 'po3', number: 'PO-2026-00043', status: 'received' }),
      order({ _id: 'po4', number: 'PO-2026-00044', status: 'draft' }),
    ]);
    renderOrders('/purchase-orders?status=ordered,partially_received', dataProvider);
    await screen.findByText('PO-2026-00042');
    expect(screen.getByText('PO-2026-00041')).toBeTruthy();
    expect(screen.queryByText('PO-2026-00043')).toBeNull();
    expect(calls.list.filter((c) => c.resource === 'purchase-orders').at(-1)!.filters).toEqual({ status: 'ordered,partially_received' });

    const header = screen.getByRole('columnheader', { name: /Status/ });
    fireEvent.click(header.querySelector('.ant-table-filter-trigger')!);
    const ticked = async (label: string) => (await screen.findByRole('menuitem', { name: label })).querySelector('input[type="checkbox"]')!.matches(':checked');
    await expect(ticked('Ordered')).resolves.toBe(true);
    await expect(ticked('Partially received')).resolves.toBe(true);
    await expect(ticked('Received')).resolves.toBe(false);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Received' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await screen.findByText('PO-2026-00043');
    expect(calls.list.filter((c) => c.resource === 'purchase-orders').at(-1)!.filters).toEqual({ status: 'ordered,partially_received,received' });
    expect(screen.queryByText('PO-2026-00044')).toBeNull();
  });

  it("links each order's seller to their page, for a role that may open users", async () => {
    const rows = [order({ _id: 'po1', number: 'PO-2026-00041' })];
    renderOrders('/purchase-orders', stubPurchaseOrders(rows).dataProvider);
    const seller = await screen.findByRole('link', { name: 'Omkar Deshmukh' });
    expect(seller.getAttribute('href')).toBe('/users/show/u-seller');
    fireEvent.click(seller);
    await screen.findByRole('heading', { name: 'Seller Omkar Deshmukh' });
    cleanup();

    renderOrders('/purchase-orders', stubPurchaseOrders(rows).dataProvider, ['users:show']);
    // The order's own link is there (the access answers have come); the seller is named, not linked.
    await screen.findByRole('link', { name: 'PO-2026-00041' });
    const row = screen.getByText('PO-2026-00041').closest('tr')!;
    expect(within(row).getByText('Omkar Deshmukh').closest('a')).toBeNull();
  });
});

describe("a seller's page", () => {
  it('lists the purchase orders placed with a seller, each linked to its page', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([order(), order({ _id: 'po9', number: 'PO-2026-00099', seller_id: 'someone-else' })]);
    renderOrders('/users/show/u-seller', dataProvider);
    await screen.findByRole('heading', { name: 'Seller Omkar Deshmukh' });
    expect(field('GST Number').textContent).toBe(SELLER.gst_no);
    const table = await screen.findByRole('table', { name: 'Purchase Orders' });
    await within(table).findByRole('link', { name: 'PO-2026-00042' });
    expect(within(table).getByRole('link', { name: 'PO-2026-00042' }).getAttribute('href')).toBe('/purchase-orders/show/po1');
    expect(within(table).queryByText('PO-2026-00099')).toBeNull();
    expect(calls.list.find((c) => c.resource === 'purchase-orders')?.filters).toEqual({ seller_id: 'u-seller' });
  });

  it('has no orders card for a user who is no seller, nor for a role that may not list purchase orders', async () => {
    const admin = stubPurchaseOrders([order()]);
    renderOrders(`/users/show/${ADMIN_USER._id}`, admin.dataProvider);
    await screen.findByRole('heading', { name: 'Admin Aarti Verma' });
    expect(screen.queryByText('Purchase Orders')).toBeNull();
    cleanup();

    const denied = stubPurchaseOrders([order()]);
    renderOrders('/users/show/u-seller', denied.dataProvider, ['purchase-orders:list']);
    await screen.findByRole('heading', { name: 'Seller Omkar Deshmukh' });
    await waitFor(() => expect(field('Phone Number').textContent).toBe('9000000009'));
    expect(screen.queryByText('Purchase Orders')).toBeNull();
    expect(denied.calls.list.filter((c) => c.resource === 'purchase-orders')).toEqual([]);
  });
});
