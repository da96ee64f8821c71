import { screenPath } from '../../crud/routes';
import { capitalise } from '../../crud/texts';
import { findDeclaration } from '../../resources';
import type { RefineAction } from '../../resources/types';

/**
 * Where an entry's record opens, the screen's Refine resource and action (asked of the access policy), and what the link
 * says: `text`, the entry's own name for the record (data), else words of ours in English, `ours`; where those name the
 * record by kind and id, that `kind` ('Product') and `id` ('3f2a9c1e'), so a screen can put the kind in the user's language.
 */
export type RecordTarget = { resource: string; action: RefineAction; path: string; text: string; ours?: true; kind?: string; id?: string };

/** A sign-in's record is the account that signed in. */
const OPENED_AS: Record<string, string> = { 'sign-ins': 'users' };

/** The first characters of an id: enough to tell records apart on a page, without the whole uuid. */
const shortId = (id: string) => id.slice(0, 8);

/**
 * The page of the record an entry is about: its record page, else its edit page, named as the entry names it ('Toned
 * Milk'), else by kind and id ('Product 3f2a9c1e'); the permissions'
 * screen for the access policy. None for a deleted record, or a resource whose records have no page (handling charges
 * are edited in their list).
 */
export function recordTarget(resource: string, recordId: string, action: string, label: string | null = null): RecordTarget | null {
  if (!recordId || action === 'deleted') return null;
  const name = OPENED_AS[resource] ?? resource;
  const declaration = findDeclaration(name);
  if (!declaration) return null;
  if (name === 'permissions') {
    const path = screenPath(declaration, 'list');
    return path ? { resource: name, action: 'list', path, text: 'Access policy', ours: true } : null;
  }
  const screen = declaration.routes?.show ? 'show' : declaration.routes?.edit ? 'edit' : null;
  if (!screen) return null;
  const path = screenPath(declaration, screen, recordId)!;
  if (typeof label === 'string') return { resource: name, action: screen, path, text: label };
  // As the forms and messages say it ('Stock take'), so that it reads in the user's language as they do.
  const kind = capitalise(declaration.entity?.singular ?? declaration.label);
  return { resource: name, action: screen, path, text: `${kind} ${shortId(recordId)}`, ours: true, kind, id: shortId(recordId) };
}
