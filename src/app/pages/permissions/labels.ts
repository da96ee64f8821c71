import type { Resource } from '../../../domain/policy';
import { DECLARED_RESOURCES, type DeclaredName } from '../../../domain/resources';

/** Declared resources name their own matrix row. */
const declaredLabels = Object.fromEntries(DECLARED_RESOURCES.map((r) => [r.name, { label: r.label, hint: r.hint }]));

/** How the matrix names each policy resource; a hint where the key alone does not say which screens it opens. */
export const RESOURCE_LABELS: Record<Resource, { label: string; hint?: string }> = {
  dashboard: { label: 'Dashboard' },
  'product-search': { label: 'Product search', hint: 'Look up products by name on the stock screens' },
  sellers: { label: 'Sellers', hint: 'Seller pickers on the stock screens' },
  stock: { label: 'Stock', hint: 'Add, adjust and remove stock; write off expired stock' },
  reports: { label: 'Reports', hint: 'Inventory Report, Sale Purchase Report' },
  'update-all-inventory': { label: 'Update All Inventory' },
  permissions: { label: 'Permissions', hint: 'This screen' },
  'product-import': { label: 'Product import', hint: 'Import products from a CSV file on Product Listing' },
  'stock-takes': { label: 'Stock takes', hint: 'Count a warehouse and apply the differences' },
  costs: { label: 'See costs and values', hint: 'Unit cost, total value, report and dashboard values' },
  transfers: { label: 'Transfers', hint: 'Move stock between warehouses: dispatch, receive, cancel' },
  replenishment: { label: 'Replenishment', hint: 'What to reorder per warehouse; create: draft purchase orders from it' },
  history: { label: 'History', hint: "Who changed what and when: the Activity screen and every record's History" },
  backups: { label: 'Backups', hint: 'Setting → Backups: list, run now, download. An archive holds every record and password hash' },
  ...(declaredLabels as Record<DeclaredName, { label: string; hint?: string }>),
};

export function resourceLabel(resource: string): { label: string; hint?: string } {
  return (RESOURCE_LABELS as Record<string, { label: string; hint?: string }>)[resource] ?? { label: resource };
}
