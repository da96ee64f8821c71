import { defineResource } from '../resource.js';

/**
 * What the business buys from a seller (a user whose role is seller), delivered to one warehouse: a draft, ordered,
 * received in one or more deliveries (each a purchase movement per line into the ledger, batches and expiry included),
 * partly returned, closed short or cancelled. Its own code (src/server/resources/purchase-orders.ts) receives and
 * returns stock, gives each line its product's GST rate and HSN code and a unit cost from the last purchase, and
 * splits the tax (CGST + SGST within a state, IGST across states).
 */
export const purchaseOrdersResource = defineResource({
  name: 'purchase-orders',
  path: '/purchase-orders',
  label: 'Purchase Orders',
  hint: 'Purchase orders to sellers, their receipts and returns',
  entity: { title: 'Purchase order', singular: 'purchase order', plural: 'purchase orders' },
  numbering: { field: 'number', prefix: 'PO', yearly: true, digits: 5 },
  fields: {
    number: { kind: 'text', label: 'PO Number', column: 'PO Number', search: true, sort: true },
    seller_id: {
      kind: 'ref',
      label: 'Seller',
      required: true,
      column: 'Seller',
      filter: true,
      search: true,
      sort: true,
      placeholder: 'Select a seller',
      ref: { resource: 'users', labelField: ['firstname', 'lastname'], as: 'seller_name', where: { role: 'seller' } },
    },
    warehouse_id: {
      kind: 'ref',
      label: 'Warehouse',
      required: true,
      column: 'Warehouse',
      filter: true,
      sort: true,
      placeholder: 'Select a warehouse',
      ref: { resource: 'warehouses', labelField: 'name', as: 'warehouse_name' },
    },
    expected_on: { kind: 'date', label: 'Expected On', required: true, column: 'Expected', filter: 'range', sort: true },
    status: {
      kind: 'choice',
      label: 'Status',
      column: 'Status',
      filter: true,
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'ordered', label: 'Ordered', color: 'blue' },
        { value: 'partially_received', label: 'Partially received', color: 'orange' },
        { value: 'received', label: 'Received', color: 'green' },
        { value: 'closed', label: 'Closed', color: 'purple' },
        { value: 'cancelled', label: 'Cancelled', color: 'red' },
      ],
      workflow: {
        initial: 'draft',
        editable: ['draft'],
        actions: {
          order: { from: ['draft'], to: 'ordered', label: 'Place Order', confirm: 'Send this purchase order to the seller? It can no longer be edited.' },
          receive: {
            from: ['ordered', 'partially_received'],
            to: ['partially_received', 'received'],
            label: 'Receive',
            done: 'Received',
            grants: ['warehouse-user'],
          },
          return: { from: ['partially_received', 'received', 'closed'], label: 'Return to Seller', done: 'Returned to Seller' },
          close: {
            from: ['partially_received'],
            to: 'closed',
            label: 'Close Short',
            note: 'required',
            confirm: 'Close this order? What is still due will not be received.',
          },
          cancel: { from: ['draft', 'ordered'], to: 'cancelled', label: 'Cancel Order', note: 'optional', confirm: 'Cancel this purchase order?' },
        },
      },
    },
    notes: { kind: 'text', label: 'Notes', max: 2000, input: 'textarea' },
    lines: {
      kind: 'lines',
      label: 'Lines',
      lines: {
        itemLabel: 'Line',
        min: 1,
        max: 500,
        fields: {
          product_id: { kind: 'ref', label: 'Product', required: true, ref: { resource: 'products', labelField: 'productname', as: 'product_name' } },
          quantity: { kind: 'integer', label: 'Quantity', required: true, min: 1, max: 1_000_000 },
          // Left out: the product's last purchase cost (src/server/resources/purchase-orders.ts).
          unit_cost: { kind: 'money', label: 'Unit Cost', min: 0.01 },
          received_quantity: { kind: 'integer', label: 'Received', readOnly: true, initial: 0 },
          returned_quantity: { kind: 'integer', label: 'Returned', readOnly: true, initial: 0 },
          gst_rate: { kind: 'decimal', label: 'GST %', readOnly: true, initial: 0 },
          hsn_code: { kind: 'text', label: 'HSN', readOnly: true, initial: '' },
        },
        totals: {
          amount: { label: 'Amount', of: ['quantity', 'unit_cost'], kind: 'money' },
          units: { label: 'Units', of: ['quantity'], kind: 'integer' },
        },
      },
    },
  },
  grants: { 'warehouse-user': ['list', 'show'] },
  timestamps: { created: true, modified: true },
  screens: { list: '/purchase-orders', create: '/purchase-orders/create', edit: '/purchase-orders/edit/:id', show: '/purchase-orders/show/:id' },
  menu: 'create',
  list: { emptyText: 'No purchase orders found', searchPlaceholder: 'Search by PO number or seller', createLabel: 'New Purchase Order' },
});
