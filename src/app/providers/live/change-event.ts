import type { LiveEvent } from '@refinedev/core';
import type { LiveChange } from '../../../domain/live-change';

/** One `event: change` of GET /api/events (src/domain/live-change.ts). */
export type ChangeEvent = LiveChange;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The data of an `event: change`, or null when it is not one (a newer server's shape is ignored, not fatal). */
export function parseChange(data: string): ChangeEvent | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  const resource = text(value.resource);
  const action = text(value.action);
  if (!resource || !action) return null;
  return {
    id: text(value.id) ?? '',
    resource,
    action,
    record_id: text(value.record_id),
    warehouse_id: text(value.warehouse_id),
    user_id: text(value.user_id),
    user_name: text(value.user_name),
    at: text(value.at) ?? new Date().toISOString(),
  };
}

/**
 * SPA resources that show data of another API resource: the product list shows stock (inventory), the product form's
 * category tree shows categories and subcategories, the seller pickers are users. Every resource also touches itself.
 */
const ALSO_SHOWN_IN: Readonly<Record<string, readonly string[]>> = {
  inventory: ['products'],
  categories: ['category-tree', 'subcategories'],
  subcategories: ['category-tree'],
  users: ['sellers'],
};

/** The SPA resources (Refine names) whose data a change touches. */
export function touchedResources(change: Pick<ChangeEvent, 'resource'>): string[] {
  return [change.resource, ...(ALSO_SHOWN_IN[change.resource] ?? [])];
}

/** Refine's event type of an API action (history's 'created'/'deleted'); stock movements and workflow steps update a record. */
export function liveType(action: string): LiveEvent['type'] {
  if (action === 'created' || action === 'create') return 'created';
  if (action === 'deleted' || action === 'delete') return 'deleted';
  return 'updated';
}

/** A stock movement ('stock-purchase') changes a balance, not what a person edits in the record's form (nor its version). */
export const isStockMovement = (change: Pick<ChangeEvent, 'action'>) => change.action.startsWith('stock-');
