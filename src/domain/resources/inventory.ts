import { z } from 'zod';
import { optionalText } from '../schemas/common.js';
import { MIN_ABOVE_MAX_MESSAGE, STOCK_MESSAGES, minNotAboveMax, required, stockLevel, unitCost } from '../schemas/stock-rules.js';
import { defineResource } from '../resource.js';
import { leadTimeDays, orderMultiple, preferredSeller } from '../schemas/replenishment.js';

const COST_MESSAGE = 'Unit cost must be a number, 0 or more';

/** SPEC.md section 4: a record's status is Out of Stock, then Low Stock, then In Stock. */
export const inventoryStatusLabel = (record: Readonly<Record<string, unknown>>): 'Out of Stock' | 'Low Stock' | 'In Stock' =>
  record.out_of_stock ? 'Out of Stock' : record.low_stock_alert ? 'Low Stock' : 'In Stock';

/** The list screen's texts, which its page of its own shows, and its CSV: the list's columns (costs hidden as there). */
export const INVENTORY_LIST = {
  title: 'Inventory Management',
  createLabel: 'Add Inventory',
  emptyText: 'No inventory records found',
  export: {
    columns: [
      { key: 'product_name', title: 'Product Name' },
      { key: 'current_stock', title: 'Current Stock' },
      { key: 'minimum_stock', title: 'Min Stock' },
      { key: 'maximum_stock', title: 'Max Stock' },
      { key: 'location', title: 'Location' },
      { key: 'warehouse_name', title: 'Warehouse' },
      { key: 'unit_cost', title: 'Unit Cost' },
      { key: 'total_value', title: 'Total Value' },
      { key: 'status', title: 'Status', value: inventoryStatusLabel },
    ],
  },
} as const;

/**
 * SPEC.md's inventory record (a product's balance in one warehouse) on the shared declaration. Its service stays its
 * own (src/server/resources/inventory.ts plugs it in): the opening stock and a changed current_stock go through the ledger, the
 * create is idempotent, the rows are scoped to the caller's warehouses. Its screens are its own too: the list is a
 * stock view (filters, batches, costs) and 'Add Inventory' and 'Adjust' are stock movements, not record forms.
 * An update sends any subset of the fields; what is not sent keeps its value.
 */
export const inventoryResource = defineResource({
  name: 'inventory',
  path: '/inventory',
  label: 'Inventory',
  menuLabel: 'Inventory Listing',
  hint: 'Inventory Listing, Inventory for City',
  entity: { title: 'Inventory', singular: 'inventory record', plural: 'inventory' },
  patch: true,
  fields: {
    product_id: {
      kind: 'ref',
      label: 'Product',
      rule: required(STOCK_MESSAGES.product, 64),
      createOnly: true,
      ref: { resource: 'products', labelField: 'productname', as: 'product_name' },
    },
    // The legacy client sends the warehouse on an edit too: the service refuses a different one.
    warehouse_id: {
      kind: 'ref',
      label: 'Warehouse',
      rule: required(STOCK_MESSAGES.warehouse, 64),
      updateRule: z
        .string()
        .trim()
        .max(64)
        .optional()
        .nullable()
        .transform((v) => v || undefined),
      ref: { resource: 'warehouses', labelField: 'name', as: 'warehouse_name' },
    },
    // An opening stock enters the ledger; a changed one becomes an adjustment.
    current_stock: { kind: 'integer', label: 'Current Stock', rule: stockLevel('Current stock').default(0), updateRule: stockLevel('Current stock') },
    minimum_stock: { kind: 'integer', label: 'Min Stock', rule: stockLevel('Minimum stock').default(0), updateRule: stockLevel('Minimum stock') },
    maximum_stock: { kind: 'integer', label: 'Max Stock', rule: stockLevel('Maximum stock').default(0), updateRule: stockLevel('Maximum stock') },
    unit_cost: { kind: 'money', label: 'Unit Cost', rule: unitCost(COST_MESSAGE, 0).default(0), updateRule: unitCost(COST_MESSAGE, 0) },
    // Replenishment (issue 31): days from ordering to delivery, the pack size an order is rounded up to, who to buy from.
    lead_time_days: { kind: 'integer', label: 'Lead Time (days)', rule: leadTimeDays.default(0), updateRule: leadTimeDays },
    order_multiple: { kind: 'integer', label: 'Order Multiple', rule: orderMultiple.default(1), updateRule: orderMultiple },
    preferred_seller_id: {
      kind: 'ref',
      label: 'Preferred Seller',
      rule: preferredSeller,
      ref: { resource: 'users', labelField: ['firstname', 'lastname'], as: 'preferred_seller_name', where: { role: 'seller' } },
    },
    // Blank on an edit clears them.
    location: {
      kind: 'text',
      label: 'Location',
      rule: optionalText('Location', 200),
      updateRule: z.string().trim().max(200, 'Location must be at most 200 characters'),
    },
    notes: {
      kind: 'text',
      label: 'Notes',
      rule: optionalText('Notes', 1000),
      input: 'textarea',
      updateRule: z.string().trim().max(1000, 'Notes must be at most 1000 characters'),
    },
  },
  refine: { check: (body) => minNotAboveMax(body as Parameters<typeof minNotAboveMax>[0]), message: MIN_ABOVE_MAX_MESSAGE, path: ['minimum_stock'] },
  timestamps: { created: true, modified: true },
  screens: { list: '/inventory', create: '/inventory-registration', edit: '/inventory-edit/:id' },
  menu: 'create',
  grants: { 'warehouse-user': ['list', 'show', 'create', 'edit', 'delete'] },
  list: INVENTORY_LIST,
});
