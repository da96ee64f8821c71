import type { BaseRecord, LiveEvent } from '@refinedev/core';
import { ApiError } from '../../../providers/api-error';
import { isStockMovement, type ChangeEvent } from '../../../providers/live/change-event';
import { asIs, type Tx } from '../../texts';

/**
 * What an edit form tells its user: someone else saved this record meanwhile, or the save was refused (409) for it.
 * `message`: English of ours, or the server's words (the alert says it in the user's language).
 */
export type EditNotice = { kind: 'changed'; message: string } | { kind: 'conflict'; message: string; current: BaseRecord };

export const changedMessage = (name: string | null | undefined) =>
  name?.trim() ? `This record was changed by ${name.trim()}.` : 'This record was changed by someone else.';

/** The version a record carries (GET, create and update answers), when it carries one. */
export function versionOf(record: unknown): number | string | undefined {
  const version = record && typeof record === 'object' ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' || typeof version === 'string' ? version : undefined;
}

/**
 * The changes of a live event that another person made to the record's fields: not this user's own save, not a stock
 * movement (a balance, not the form's fields). The live provider hands the newest changes in `payload.changes`.
 */
export function othersChanges(event: LiveEvent, me: string | undefined): ChangeEvent[] {
  const changes = Array.isArray(event.payload.changes) ? (event.payload.changes as ChangeEvent[]) : [];
  return changes.filter((change) => !isStockMovement(change) && (change.user_id === null || change.user_id !== me));
}

/** The record as it is now, from a 409 refusal of a save over a version its author had not seen. */
export function conflictOf(error: unknown): BaseRecord | null {
  if (!(error instanceof ApiError) || error.statusCode !== 409) return null;
  const current = error.body?.current;
  return current && typeof current === 'object' ? (current as BaseRecord) : null;
}

export type Difference = { field: string; label: string; theirs: string; yours: string };

const blank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** A value in words; a flag's Yes or No in the user's language through `tx`. */
export function shownValue(value: unknown, tx: Tx = asIs): string {
  if (blank(value)) return '—';
  if (typeof value === 'boolean') return tx(value ? 'Yes' : 'No');
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each field of the form whose value on the server now differs from what the user has in the form (its words through `tx`). */
export function differences(current: BaseRecord, yours: Record<string, unknown>, labels: Readonly<Record<string, string>>, tx: Tx = asIs): Difference[] {
  return Object.entries(labels)
    .filter(([field]) => !same(current[field], yours[field]))
    .map(([field, label]) => ({ field, label: tx(label), theirs: shownValue(current[field], tx), yours: shownValue(yours[field], tx) }));
}
