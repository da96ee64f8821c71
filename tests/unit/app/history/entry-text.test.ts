import { describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../../src/domain/schemas/history.js';
import { actionTitle, changeText, entryLine, entryText } from '../../../../src/app/history/entry-text.js';
import { translateText } from '../../../../src/domain/i18n/catalogue.js';

/** 08:35 UTC is 14:05 on India's clock, whatever the zone the tests run in. */
const AT = '2026-11-24T08:35:00.000Z';

const entry = (over: Partial<HistoryItem>): HistoryItem => ({
  _id: '1',
  resource: 'products',
  record_id: 'p1',
  record_label: 'Toned Milk',
  action: 'updated',
  changes: null,
  note: '',
  user_id: 'u1',
  user_name: 'Aarti Verma',
  warehouse_id: null,
  at: AT,
  ...over,
});

const line = (over: Partial<HistoryItem>) => entryLine(entryText(entry(over)));

describe('a history entry in words (issue 32)', () => {
  it("says an update as the field's label with old → new, who, and when on India's clock", () => {
    expect(line({ changes: { price: [120, 110] } })).toBe('MRP Price ₹120.00 → ₹110.00 · Aarti Verma · 24 Nov 2026, 14:05');
  });

  it('formats money en-IN with ₹ and two decimals, and several changes in one entry', () => {
    expect(entryText(entry({ changes: { price: [123456.7, 99], discount_price: [null, 90.5] } })).what).toBe(
      'MRP Price ₹1,23,456.70 → ₹99.00; Discount Price — → ₹90.50',
    );
    expect(changeText('handling-charges', 'amount', 4, 4.5)).toBe('Amount (INR) ₹4.00 → ₹4.50');
  });

  it("names fields by their declarations' labels, and any other column in words", () => {
    expect(changeText('warehouses', 'contact_person', 'Ravi', 'Asha Verma')).toBe('Contact Person Ravi → Asha Verma');
    expect(changeText('inventory', 'minimum_stock', 5, 1200)).toBe('Min Stock 5 → 1,200');
    expect(changeText('products', 'productname', 'Milk', 'Toned Milk')).toBe('Product Name Milk → Toned Milk');
    expect(changeText('users', 'gst_no', null, '08ABCDE1234F1Z5')).toBe('GST Number — → 08ABCDE1234F1Z5');
    expect(changeText('users', 'status', 'active', 'inactive')).toBe('Status Active → Inactive');
    expect(changeText('users', 'role', 'warehouse-user', 'admin')).toBe('Role Warehouse User → Admin');
    expect(changeText('cities', 'is_active', true, false)).toBe('Status Active → Inactive');
    expect(changeText('inventory', 'tracks_expiry', false, true)).toBe('Tracks Expiry No → Yes');
  });

  it('says only that an id, structured data or a secret changed', () => {
    expect(changeText('users', 'city_id', 'c1', 'c2')).toBe('City changed');
    expect(changeText('products', 'category_id', 'c1', 'c2')).toBe('Category changed');
    expect(changeText('products', 'colors', [], [{ name: 'Red' }])).toBe('Colors changed');
    expect(changeText('inventory', 'preferred_seller_id', null, 's1')).toBe('Preferred Seller changed');
    expect(line({ resource: 'users', changes: { password: [null, null] } })).toBe('Password changed · Aarti Verma · 24 Nov 2026, 14:05');
  });

  it('cuts a long text short', () => {
    const long = 'x'.repeat(200);
    expect(changeText('warehouses', 'description', null, long)).toBe(`Description — → ${'x'.repeat(59)}…`);
  });

  it("says a transfer's status by its labels and leaves out what the entry already says (who dispatched it, when)", () => {
    const dispatched = { status: ['draft', 'dispatched'], dispatched_by: [null, 'u1'], dispatched_at: [null, AT] } as HistoryItem['changes'];
    expect(entryText(entry({ resource: 'transfers', changes: dispatched })).what).toBe('Status Draft → In transit');
    expect(entryText(entry({ resource: 'stock-takes', changes: { status: ['open', 'applied'], applied_at: [null, AT] } })).what).toBe(
      'Status Counting → Applied',
    );
    expect(entryText(entry({ resource: 'transfers', changes: { dispatched_at: [null, AT] } })).what).toBe('Updated');
  });

  it("names record events, a document's steps as done, and an action nobody knows yet in words", () => {
    expect(line({ action: 'created' })).toBe('Created · Aarti Verma · 24 Nov 2026, 14:05');
    expect(line({ action: 'deleted' })).toBe('Deleted · Aarti Verma · 24 Nov 2026, 14:05');
    expect(actionTitle('purchase-orders', 'order')).toBe('Ordered');
    expect(actionTitle('purchase-orders', 'receive')).toBe('Received');
    expect(actionTitle('purchase-orders', 'return')).toBe('Returned to Seller');
    expect(entryText(entry({ resource: 'purchase-orders', action: 'receive', changes: { status: ['ordered', 'partially_received'] } })).what).toBe(
      'Received: Status Ordered → Partially received',
    );
    expect(actionTitle('products', 'mark-paid')).toBe('Mark paid');
    expect(actionTitle('warehouses', 'price_check-done')).toBe('Price check done');
    expect(line({ resource: 'warehouses', action: 'update-all-inventory', note: '2 inventory records created, 0 balances corrected' })).toBe(
      'Update All Inventory — 2 inventory records created, 0 balances corrected · Aarti Verma · 24 Nov 2026, 14:05',
    );
  });

  it('says a stock movement by its reason or type, the value it moved in money and the stock before and after, in Hindi too', () => {
    const sale: Partial<HistoryItem> = {
      resource: 'inventory',
      action: 'stock-out',
      changes: { value_change: [null, -133.62], current_stock: [57, 55] },
      note: 'ORD-2018 · Customer order',
    };
    expect(line(sale)).toBe('Stock out: Stock value -₹133.62; Current Stock 57 → 55 — ORD-2018 · Customer order · Aarti Verma · 24 Nov 2026, 14:05');
    expect(entryText(entry({ ...sale, action: 'stock-purchase' })).what).toMatch(/^Stock purchased: /);
    expect(entryText(entry({ ...sale, action: 'stock-damaged' })).what).toMatch(/^Stock written off: /);
    const hindi = entryText(entry(sale), (text) => translateText(text, 'hi')).what;
    expect(hindi).not.toMatch(/[A-Za-z]{3,}/);
  });

  it("names 'System' when nobody did it, and no one for a failed sign-in", () => {
    expect(line({ action: 'created', user_id: null, user_name: null })).toBe('Created · System · 24 Nov 2026, 14:05');
    expect(line({ resource: 'sign-ins', action: 'signed-in' })).toBe('Signed in · Aarti Verma · 24 Nov 2026, 14:05');
    expect(line({ resource: 'sign-ins', action: 'sign-in-failed', user_id: null, user_name: null, note: 'No such account' })).toBe(
      'Sign-in failed — No such account · 24 Nov 2026, 14:05',
    );
    expect(entryText(entry({ user_name: null })).who).toBe('Unknown user');
  });

  it('says a permissions change by role, resource and what changed', () => {
    expect(changeText('permissions', 'grants.warehouse-user.cities', null, ['list'])).toBe('Warehouse User: Cities none → list');
    expect(changeText('permissions', 'grants.seller.products', ['list', 'show'], [])).toBe('Seller: Products list, show → none');
    expect(changeText('permissions', 'signIn.sub-admin', false, true)).toBe('Sub Admin: may sign in No → Yes');
    expect(changeText('permissions', 'scope.warehouse-user.inventory', null, 'assigned')).toBe('Warehouse User: Inventory scope All → Assigned');
    expect(changeText('permissions', 'labels.packer', null, 'Packer')).toBe("Role packer: name none → 'Packer'");
  });
});
