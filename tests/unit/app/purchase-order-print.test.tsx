// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_NAME } from '../../../src/app/config.js';
import { fakeScreenWidth, order, renderOrders, stubPurchaseOrders, withoutCosts } from './purchase-order-fixtures';

beforeEach(() => fakeScreenWidth(1440));
afterEach(cleanup);

const sheet = () => screen.findByRole('article', { name: 'Printable purchase order' });
const cells = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent));

describe('the printable purchase order', () => {
  it('names the business, the order, the seller and the warehouse, and lists the lines with HSN codes, the GST split and the totals', async () => {
    const { dataProvider } = stubPurchaseOrders([order()]);
    renderOrders('/purchase-orders/print/po1', dataProvider);
    const page = await sheet();
    await within(page).findByText('GSTIN 27ABCDE1008F1Z5');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(BUSINESS_NAME);
    expect(within(page).getByTestId('print-number').textContent).toBe('PO-2026-00042');
    // Dated the day it was placed, not drafted.
    expect(page.textContent).toContain('Date21 Nov 2026');
    expect(page.textContent).toContain('Expected by30 Nov 2026');
    const seller = within(page).getByRole('region', { name: 'Seller' });
    expect([...seller.querySelectorAll('strong, div')].map((e) => e.textContent)).toEqual([
      'Omkar Deshmukh',
      '18, Main Road',
      'Pune',
      'Phone 9000000009',
      'GSTIN 27ABCDE1008F1Z5',
    ]);
    const warehouse = within(page).getByRole('region', { name: 'Deliver to' });
    await within(warehouse).findByText('Plot 14, MIDC, Bhosari');
    expect(warehouse.textContent).toContain('Pune Central Warehouse');
    expect(warehouse.textContent).toContain('Contact Rakesh Sharma');

    expect(cells(within(page).getByRole('table', { name: 'Order lines' }))).toEqual([
      ['#', 'Product', 'HSN', 'Quantity', 'Unit cost', 'GST %', 'Amount'],
      ['1', 'Fresh Curd 400 g', '0403', '10', '₹100.00', '5%', '₹1,000.00'],
      ['2', 'Basmati Rice 5 kg', '1006', '5', '₹100.00', '5%', '₹500.00'],
      ['3', 'Toor Dal 1 kg', '1006', '4', '₹100.00', '12%', '₹400.00'],
    ]);
    const split = within(page).getByRole('table', { name: 'GST by rate' });
    expect(split.querySelector('caption')?.textContent).toBe('Within Maharashtra: CGST + SGST');
    expect(cells(split)).toEqual([
      ['GST rate', 'Taxable', 'CGST', 'SGST', 'Tax'],
      ['5%', '₹1,500.00', '₹37.50', '₹37.50', '₹75.00'],
      ['12%', '₹400.00', '₹24.50', '₹24.50', '₹49.00'],
    ]);
    expect(cells(within(page).getByRole('table', { name: 'Totals' }))).toEqual([
      ['Taxable amount', '₹1,900.00'],
      ['CGST', '₹62.00'],
      ['SGST', '₹62.00'],
      ['Total', '₹2,024.00'],
    ]);
  });

  it('splits the tax as IGST when the seller is in another state', async () => {
    const far = order();
    far.taxes = {
      ...(far.taxes as object),
      supply: 'inter',
      seller_state: 'Gujarat',
      cgst: 0,
      sgst: 0,
      igst: 124,
      rates: [
        { rate: 5, taxable: 1500, cgst: 0, sgst: 0, igst: 75, tax: 75 },
        { rate: 12, taxable: 400, cgst: 0, sgst: 0, igst: 49, tax: 49 },
      ],
    };
    const { dataProvider } = stubPurchaseOrders([far]);
    renderOrders('/purchase-orders/print/po1', dataProvider);
    const page = await sheet();
    const split = within(page).getByRole('table', { name: 'GST by rate' });
    expect(split.querySelector('caption')?.textContent).toBe('Across states (Gujarat → Maharashtra): IGST');
    expect(cells(split)[0]).toEqual(['GST rate', 'Taxable', 'IGST', 'Tax']);
    expect(cells(within(page).getByRole('table', { name: 'Totals' }))).toEqual([
      ['Taxable amount', '₹1,900.00'],
      ['IGST', '₹124.00'],
      ['Total', '₹2,024.00'],
    ]);
  });

  it('prints no price for a role that may not see costs, and the seller as the order names them where the role may not open users', async () => {
    const { dataProvider, calls } = stubPurchaseOrders([withoutCosts(order())]);
    renderOrders('/purchase-orders/print/po1', dataProvider, ['users:show']);
    const page = await sheet();
    await within(page).findByText('Plot 14, MIDC, Bhosari');
    expect(cells(within(page).getByRole('table', { name: 'Order lines' }))[0]).toEqual(['#', 'Product', 'HSN', 'Quantity', 'GST %']);
    expect(within(page).queryByRole('table', { name: 'GST by rate' })).toBeNull();
    expect(within(page).queryByRole('table', { name: 'Totals' })).toBeNull();
    expect(page.textContent).not.toMatch(/₹|NaN|undefined/);
    expect(within(page).getByRole('region', { name: 'Seller' }).textContent).toBe('SellerOmkar Deshmukh');
    expect(calls.gets.filter((g) => g.startsWith('users/'))).toEqual([]);
    expect(screen.getByText('Your role does not see costs: the order prints without prices.').closest('.no-print')).toBeTruthy();
  });
});
