import { DECLARED_RESOURCES } from '../../../domain/resources';
import { titleCase } from '../../declared/declared-values';
import { actionTitle, STOCK_EVENTS } from '../../history/entry-text';
import { findDeclaration, resourceDeclarations } from '../../resources';

export type Option = { value: string; label: string };

/** Entries that are no resource's records: who signed in (their account is the record). */
const SIGN_INS: Option = { value: 'sign-ins', label: 'Sign-ins' };

/** The resources whose records have a history: every declared one, the SPA's stock documents, the permissions. */
const RESOURCES = [...DECLARED_RESOURCES.map((spec) => spec.name), 'transfers', 'stock-takes', 'permissions'];

/** A resource as the matrix names it ('Products', not the sidebar's 'Product Listing'). */
export function resourceTitle(resource: string): string {
  if (resource === SIGN_INS.value) return SIGN_INS.label;
  return DECLARED_RESOURCES.find((spec) => spec.name === resource)?.label ?? findDeclaration(resource)?.label ?? titleCase(resource.replace(/-/g, ' '));
}

export const RESOURCE_OPTIONS: Option[] = [...RESOURCES.map((value) => ({ value, label: resourceTitle(value) })), SIGN_INS];

const RECORD_ACTIONS = ['created', 'updated', 'deleted', 'signed-in', 'sign-in-failed', 'update-all-inventory'];

/** Every action the history knows by name: the record events, then each document's steps as its page calls them done. */
export const ACTION_OPTIONS: Option[] = [
  ...RECORD_ACTIONS.map((value) => ({ value, label: actionTitle('', value) })),
  ...Object.keys(STOCK_EVENTS).map((value) => ({ value, label: actionTitle('inventory', value) })),
  ...resourceDeclarations.flatMap((d) => (d.show?.workflow?.steps ?? []).map((s) => ({ value: s.name, label: actionTitle(d.name, s.name) }))),
].filter((option, index, all) => all.findIndex((o) => o.value === option.value) === index);
