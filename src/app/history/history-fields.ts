import { formatINR, NO_FIGURE } from '../../domain/money';
import type { ResourceField } from '../../domain/resource';
import { DECLARED_RESOURCES } from '../../domain/resources';
import { defaultRoleLabel } from '../../domain/roles';
import { asIs, type Tx } from '../crud/texts';
import { titleCase, valueText } from '../declared/declared-values';
import { STOCK_TAKE_STATUS_LOOK } from '../pages/stock-takes/StockTakeStatusTag';
import { TRANSFER_STATUS_LOOK } from '../pages/transfers/TransferStatusTag';

/**
 * How a history entry names one field (a database column: the API's field name) and says its values. `opaque`: only
 * that it changed is said (an id of another record, structured data); `hidden`: never said (what the entry itself
 * tells, such as who dispatched a transfer and when); `change`: the value is itself a change, said alone ('Stock value
 * −₹133.62'). `label` is English of ours; `text` says a value with its words
 * of ours (Yes, a status) in the user's language through `tx`.
 */
export type HistoryField = { label: string; text: (value: unknown, tx?: Tx) => string; opaque?: true; hidden?: true; change?: true };

/** A value longer than this is cut ('…'): a history line names a change, it does not reprint a description. */
const LONGEST = 60;

const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** A value of a field no declaration describes, in words: yes/no, an en-IN number, a list joined, a text cut short. */
export function plainText(value: unknown, tx: Tx = asIs): string {
  if (value === null || value === undefined || value === '') return NO_FIGURE;
  if (typeof value === 'boolean') return tx(value ? 'Yes' : 'No');
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (Array.isArray(value)) return value.length ? cut(value.map((v) => plainText(v, tx)).join(', ')) : NO_FIGURE;
  return cut(String(value));
}

const opaque = (label: string): HistoryField => ({ label, text: plainText, opaque: true });
const hidden: HistoryField = { label: '', text: plainText, hidden: true };
const choice = (label: string, look: Record<string, { label: string }>): HistoryField => ({
  label,
  text: (value, tx = asIs) => {
    const shown = typeof value === 'string' ? look[value]?.label : undefined;
    return shown ? tx(shown) : plainText(value, tx);
  },
});

/** Columns whose words differ from their declaration's, and those of resources without one (transfers, stock takes). */
const OWN: Record<string, Record<string, HistoryField>> = {
  // The table holds the ids of the category and subcategory (the form's names are resolved to them), and image URLs.
  products: { category_id: opaque('Category'), subcategory_id: opaque('Subcategory'), main_image: opaque('Main Images') },
  users: { role: { label: 'Role', text: (value, tx = asIs) => (typeof value === 'string' ? tx(defaultRoleLabel(value)) : plainText(value, tx)) } },
  transfers: {
    status: choice('Status', TRANSFER_STATUS_LOOK),
    notes: { label: 'Notes', text: plainText },
    from_warehouse_id: opaque('From'),
    to_warehouse_id: opaque('To'),
    number: hidden,
    ...Object.fromEntries(
      ['created_by', 'dispatched_by', 'dispatched_at', 'received_by', 'received_at', 'cancelled_by', 'cancelled_at'].map((c) => [c, hidden]),
    ),
  },
  // A stock movement's entry: the stock before and after, and the value it moved (the API leaves it out for a role without costs).
  inventory: {
    value_change: { label: 'Stock value', text: (value) => (value === null || value === undefined ? NO_FIGURE : formatINR(Number(value))), change: true },
  },
  'stock-takes': {
    status: choice('Status', STOCK_TAKE_STATUS_LOOK),
    blind: { label: 'Blind Count', text: plainText },
    warehouse_id: opaque('Warehouse'),
    category_id: opaque('Category'),
    ...Object.fromEntries(['created_by', 'applied_by', 'applied_at', 'cancelled_at'].map((c) => [c, hidden])),
  },
};

const declaredFields = new Map<string, Record<string, ResourceField>>(DECLARED_RESOURCES.map((spec) => [spec.name, spec.fields]));

/** A declared field in a history line: its form label without '(optional)', its value as its page shows it. */
function fromDeclaration(field: ResourceField): HistoryField {
  // A flag said by its own words ('Active'/'Inactive') is named by its list column ('Status'), not 'Active Active → Inactive'.
  const label = (field.kind === 'boolean' && field.labels && field.column ? field.column : field.label).replace(/\s*\(optional\)$/i, '');
  // A reference is an id (named only by a look-up the history does not make), unless it stores a name (a user's role).
  if ((field.kind === 'ref' && !field.ref?.valueField) || field.kind === 'json' || field.kind === 'lines') return opaque(label);
  return { label, text: (value, tx) => cut(valueText(field, value, tx)) };
}

/** A column nobody declared: its name in words ('tracks_expiry' → 'Tracks Expiry'); an id only as changed. */
function undeclared(column: string): HistoryField {
  const label = titleCase(column.replace(/_id$/, '').replace(/_/g, ' '));
  return column.endsWith('_id') ? opaque(label) : { label, text: plainText };
}

/** How the history of `resource` speaks of its column `column`. */
export function historyField(resource: string, column: string): HistoryField {
  const own = OWN[resource]?.[column];
  if (own) return own;
  const declared = declaredFields.get(resource)?.[column];
  return declared ? fromDeclaration(declared) : undeclared(column);
}
