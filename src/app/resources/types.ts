import type { ReactNode } from 'react';
import type { Action, Resource as PolicyResource } from '../../domain/policy';

/** The Refine actions a screen or button can ask about. */
export type RefineAction = 'list' | 'create' | 'edit' | 'show' | 'delete';

export type Permission = { resource: PolicyResource; action: Action };

/** Where a resource's REST API differs from the simple-rest conventions (SPEC.md section 7). */
export type ResourceApi = {
  /** Collection path under the API base; default the resource name ('users' → GET /users). */
  path?: string;
  /** Key of the array in a list response (`{users, total}` → 'users'); default 'data'. A bare array is accepted too. */
  listKey?: string;
  /** Create endpoint when it is not POST {path}: 'users/create'. */
  createPath?: string;
  /** Update method; default PUT. */
  updateMethod?: 'PUT' | 'PATCH';
};

/** The nouns in the catalogue defaults of SPEC.md section 8 ('Failed to fetch cities', 'Failed to create city'). */
export type EntityNames = { singular: string; plural: string };

export type Operation = 'list' | 'one' | 'create' | 'update' | 'delete';

/**
 * One resource or screen. The API side, routes, sidebar place and permissions are declared here; the CRUD
 * screens add what their generic list and forms render (columns, form fields, empty text, delete confirmation).
 */
export type ResourceDeclaration = {
  /** Refine resource name, also the policy resource unless `access` says otherwise. */
  name: string;
  /** Sidebar label and page title (Refine `meta.label`). */
  label: string;
  /** Sidebar placement; absent: not in the sidebar. */
  menu?: { group?: MenuGroupName; icon?: ReactNode };
  /** The SPEC.md section 2 paths of this resource's screens. */
  routes?: Partial<Record<'list' | 'create' | 'edit' | 'show', string>>;
  /** The policy permission each action needs; default `{resource: name, action}`. */
  access?: Partial<Record<RefineAction, Permission>>;
  /** The REST side; absent: a screen without a data resource of its own. */
  api?: ResourceApi;
  entity?: EntityNames;
  /** Catalogue defaults that differ from the generated ones ('Failed to add product'). */
  errors?: Partial<Record<Operation, string>>;
};

export type MenuGroupName = 'create' | 'setting';

export type MenuGroup = {
  name: MenuGroupName;
  label: string;
  icon?: ReactNode;
  /** The group ends with the Logout item. */
  withLogout?: boolean;
};
