import type { HistoryItem } from '../../domain/schemas/history';
import { formatDateTime } from '../crud/cells';
import { asIs, type Tx } from '../crud/texts';
import { findDeclaration } from '../resources';
import { historyField, type HistoryField } from './history-fields';
import { policyChangeText } from './policy-change-text';

/** One entry in words: what happened, its note, who did it and when (India's clock); ours in the user's language. */
export type EntryText = { what: string; note: string; who: string; when: string };

/** Who did it when the API names nobody: the system (the seed, a command-line tool). */
export const SYSTEM = 'System';
/** Who did it when the API names a user it no longer knows. */
const UNKNOWN_USER = 'Unknown user';

/** What the API records besides a document's workflow steps. */
const EVENTS: Record<string, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  'signed-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'update-all-inventory': 'Update All Inventory',
};

/** A stock movement, by its reason or else its type ('stock-' + reason ?? type, as the API names it). */
export const STOCK_EVENTS: Record<string, string> = {
  'stock-purchase': 'Stock purchased',
  'stock-return': 'Stock returned',
  'stock-adjustment': 'Stock adjusted',
  'stock-in': 'Stock in',
  'stock-out': 'Stock out',
  'stock-damaged': 'Stock written off',
  'stock-valuation': 'Stock revalued',
};

/** An action nobody here knows yet, in words: 'mark-paid' → 'Mark paid'. */
const generic = (action: string) => action.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * What an entry calls its action: 'Created', a document's step as its page says it once done ('Ordered'), or the action
 * in words; ours in the user's language through `tx`.
 */
export function actionTitle(resource: string, action: string, tx: Tx = asIs): string {
  const show = findDeclaration(resource)?.show;
  const step = show?.workflow?.steps.some((s) => s.name === action);
  const title = EVENTS[action] ?? STOCK_EVENTS[action] ?? (step && show?.history ? show.history.title(action) : undefined);
  return title ? tx(title) : generic(action);
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

function said(field: HistoryField, before: unknown, after: unknown, tx: Tx): string | null {
  if (field.hidden) return null;
  // Both null: a secret (a password) changed, its values never recorded; an id or structured data: only that it changed.
  const unsaid = (before === null && after === null) || field.opaque || isObject(before) || isObject(after);
  if (unsaid) return tx(`${field.label} changed`);
  return field.change ? `${tx(field.label)} ${field.text(after, tx)}` : `${tx(field.label)} ${field.text(before, tx)} → ${field.text(after, tx)}`;
}

/**
 * One changed field in words: 'MRP Price ₹120.00 → ₹110.00', 'Password changed'; null when it is not to be shown. Its
 * words of ours in the user's language through `tx`.
 */
export function changeText(resource: string, column: string, before: unknown, after: unknown, tx: Tx = asIs): string | null {
  if (resource === 'permissions') return policyChangeText(column, before, after, tx);
  return said(historyField(resource, column), before, after, tx);
}

/** The person named by an entry, 'System' when nobody is; a failed sign-in was nobody's (its account is the record). */
function whoOf(entry: Pick<HistoryItem, 'user_id' | 'user_name' | 'action'>, tx: Tx): string {
  if (entry.user_name) return entry.user_name;
  if (entry.user_id) return tx(UNKNOWN_USER);
  return entry.action === 'sign-in-failed' ? '' : tx(SYSTEM);
}

type Entry = Pick<HistoryItem, 'resource' | 'action' | 'changes' | 'note' | 'user_id' | 'user_name' | 'at'>;

/**
 * An entry in words. An update says only what changed ('MRP Price ₹120.00 → ₹110.00; Discount Price …'); any other
 * action its title, then what it changed ('Received: Status Ordered → Partially Received'). Its words of ours (not the
 * note, names or values typed) in the user's language through `tx` (`useT().tx`); English without it.
 */
export function entryText(entry: Entry, tx: Tx = asIs): EntryText {
  const changes = Object.entries(entry.changes ?? {})
    .map(([column, [before, after]]) => changeText(entry.resource, column, before, after, tx))
    .filter((text): text is string => !!text)
    .join('; ');
  const title = actionTitle(entry.resource, entry.action, tx);
  const what = entry.action === 'updated' ? changes || title : [title, changes].filter(Boolean).join(': ');
  return { what, note: entry.note ?? '', who: whoOf(entry, tx), when: formatDateTime(entry.at) };
}

/** The entry on one line: 'MRP Price ₹120.00 → ₹110.00 · Aarti Verma · 24 Nov 2026, 14:05'. */
export const entryLine = (text: EntryText): string => [text.note ? `${text.what} — ${text.note}` : text.what, text.who, text.when].filter(Boolean).join(' · ');
