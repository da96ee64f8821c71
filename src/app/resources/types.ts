import type { BaseRecord } from '@refinedev/core';
import type { ComponentType, ReactNode } from 'react';
import type { ZodObject } from 'zod';
import type { Action, Resource as PolicyResource } from '../../domain/policy';
import type { Tx } from '../crud/texts';
import type { LazyComponent } from '../routes/retryable-lazy';

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

/** A record as the data provider hands it over (the API's `_id` doubled as `id`). */
export type ApiRecord = BaseRecord;

/** One column of a list table (its CSV export is the API's: src/domain/list-csv.ts). */
export type ColumnDeclaration<T> = {
  key: string;
  title: string;
  /** Cell content; default the record's field named `key`. */
  render?: (record: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** The API's `sort` field this column sorts by (a header click sorts the list on the server). */
  sort?: string;
  /**
   * A filter in the column header: the API's query parameter (default `key`) and its choices (fixed, a resource's
   * records, or typed text); 'range', a period of days written as `<param>_from` and `<param>_to`. `multiple`: several
   * of the fixed choices may be ticked, written comma-separated (`?status=ordered,partially_received`).
   */
  filter?: { param?: string; options: FieldOption[] | ResourceOptions | 'text' | 'range'; multiple?: boolean };
};

/** The search box with suggestions above a list. */
export type SearchDeclaration<T> = {
  placeholder: string;
  /** Suggestion endpoint; default the list endpoint with `q` and a small limit. */
  path?: string;
  /** Its text parameter; default 'q'. */
  param?: string;
  /** Key of the array in its response; default the API's listKey. */
  listKey?: string;
  /** What a suggestion says, and what the box shows once it is chosen. */
  label: (record: T) => string;
  /** Richer suggestion content (an image beside the name). */
  renderOption?: (record: T) => ReactNode;
};

/** A plain query parameter that filters the list (`/product-listing?warehouse_id=...`), shown as a removable tag. */
export type QueryFilterDeclaration = {
  param: string;
  label: string;
  /** The tag names the record the parameter points at: its resource and the field holding its name. */
  resource: string;
  nameField: string;
};

export type ListDeclaration<T = ApiRecord> = {
  /** Page heading: 'City Management'. */
  title: string;
  /** Label of the button to the create route: 'Add New User'. */
  createLabel?: string;
  columns: ColumnDeclaration<T>[];
  /** SPEC.md empty-state text, word for word. */
  emptyText: string;
  search?: SearchDeclaration<T>;
  filters?: QueryFilterDeclaration[];
  /** Buttons of a row before Edit and Delete (a component: it may use hooks); told whether to be icon-only. */
  rowActions?: ComponentType<{ record: T; compact?: boolean }>;
  /** Default `Are you sure you want to delete this <singular>?` (SPEC.md section 5). */
  deleteConfirm?: string;
  /** Shown when a delete fails and the server gives no message of its own. */
  deleteError?: string;
  /** Default PAGE_SIZE. */
  pageSize?: number;
  /** More buttons beside Export (products: Import). */
  toolbar?: ComponentType;
  /** Icon-only row buttons with their names in tooltips, for rows with many actions. */
  compactActions?: boolean;
  /** A record that may still be edited and deleted (a document in an editable status); default every record. */
  editable?: (record: T) => boolean;
};

export type FormMode = 'create' | 'edit';

export type FieldInput = 'text' | 'email' | 'tel' | 'password' | 'textarea' | 'number' | 'select' | 'switch' | 'list' | 'date' | 'datetime' | 'lines';

export type FieldOption = { value: string; label: string };

/**
 * A select of a resource's records: an option says `labelField`, or several fields' values joined by ', ' ('Jaipur,
 * Rajasthan'); the value is `valueField` (default the id); `multiple` picks several.
 */
export type ResourceOptions = {
  resource: string;
  labelField: string | readonly string[];
  valueField?: string;
  multiple?: boolean;
  /** Only records with these values are offered (a seller: users whose role is seller). */
  where?: Readonly<Record<string, string>>;
  /** Labels that may be texts of ours (built-in roles), shown in the user's language. */
  translatedLabels?: boolean;
};

export type FieldDeclaration = {
  /** Field of the shared zod schema: its rules, messages and (unless `input` says) its kind of input. */
  name: string;
  label: string;
  input?: FieldInput;
  /** Options of a select: fixed (default the schema's enum values), or the records of a resource. */
  options?: FieldOption[] | ResourceOptions;
  placeholder?: string;
  /** Help text under the field, per mode ('Leave blank to keep the current password.'). */
  help?: Partial<Record<FormMode, string>>;
  /** List fields: the noun of one entry ('Ward'). */
  itemLabel?: string;
  /**
   * Number fields: the step of the arrows. No `min` on the input: antd would silently clamp a typed -5 to 0,
   * where the schema's message ('Amount cannot be negative') should be shown instead.
   */
  step?: number;
  /** Text fields: maxLength and inputMode. */
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  autoComplete?: string;
  /** Takes the whole width of the form grid. */
  wide?: boolean;
  /** Number fields: whole numbers only (a digits keyboard on a phone). */
  integer?: boolean;
  /** input 'lines': the rows' own fields and the figures computed from them. */
  lines?: LinesDeclaration;
};

/** A figure of each line and the document's sum of it: Σ of one field, or of the product of two ('amount' = quantity × unit_cost). */
export type LinesTotalDeclaration = { key: string; label: string; of: readonly string[]; kind: 'money' | 'integer' | 'decimal' };

/** A document's rows edited in a table: each row's fields, what one row is called, how many rows, and their figures. */
export type LinesDeclaration = {
  fields: FieldDeclaration[];
  /** 'Line': the button 'Add Line', 'Remove line 2'. */
  itemLabel: string;
  min: number;
  max?: number;
  totals: LinesTotalDeclaration[];
  /** A new row's values (each field's `initial` or default). */
  newRow: Record<string, unknown>;
};

/** What a form of its own receives from the generic create/edit pages. */
export type CustomFormProps = { declaration: SpaResource; mode: FormMode; id?: string };

type FormCommon = {
  titles: Record<FormMode, string>;
  /** Where a saved record goes; default its page where it has one, else the list (SPEC.md's users: the list). */
  redirect?: 'list' | 'show';
};

export type DeclaredFormDeclaration = FormCommon & {
  /** The shared zod schemas (src/domain/schemas) the API validates with; the edit one may relax rules. */
  schemas: Record<FormMode, ZodObject>;
  fields: FieldDeclaration[];
  initialValues?: Record<string, unknown>;
  /** A loaded record the form cannot edit: the message to show instead ('User data is missing or incomplete.'). */
  recordProblem?: (record: ApiRecord) => string | null;
};

/** A resource with special needs (products) plugs its own form into the same pages. */
export type CustomFormDeclaration = FormCommon & {
  /** Lazy (retryableLazy), so the generic pages do not carry it. */
  component: ComponentType<CustomFormProps>;
};

export type FormDeclaration = DeclaredFormDeclaration | CustomFormDeclaration;

/** A resource's screens. */
export type Screen = 'list' | 'create' | 'edit' | 'show';

export type SpaResource = {
  /** Refine resource name, also the policy resource unless `access` says otherwise. */
  name: string;
  /** Sidebar label and page title (Refine `meta.label`). */
  label: string;
  /** Sidebar placement; absent: not in the sidebar. `order`: its place in its group (lower first; without one, after those with one). */
  menu?: { group?: MenuGroupName; icon?: ReactNode; order?: number };
  /** The SPEC.md section 2 paths of this resource's screens. */
  routes?: Partial<Record<Screen, string>>;
  /**
   * Screens that are pages of their own (lazy, so signing in does not download every screen), at the paths `routes`
   * names; a screen without one is the generic list, form or record page.
   */
  pages?: Partial<Record<Screen, LazyComponent>>;
  /** The policy permission each action needs; default `{resource: name, action}`. */
  access?: Partial<Record<RefineAction, Permission>>;
  /** The REST side; absent: a screen without a data resource of its own. */
  api?: ResourceApi;
  entity?: EntityNames;
  /** Catalogue defaults that differ from the generated ones ('Failed to add product'). */
  errors?: Partial<Record<Operation, string>>;
  /** The list screen the generic list page renders. */
  list?: ListDeclaration;
  /** The create and edit screens the generic form pages render. */
  form?: FormDeclaration;
  /** One record's page the generic show page renders (a document: its lines, status, steps and history). */
  show?: ShowDeclaration;
};

/** A label and what one record shows for it. */
export type ShowItem = { key: string; label: string; render: (record: ApiRecord) => ReactNode };

/** A document's lines on its page: their columns (fields, then each line's figures) and the document's totals. */
export type ShowLines = {
  key: string;
  title: string;
  columns: ColumnDeclaration<ApiRecord>[];
  totals: { key: string; label: string; text: (record: ApiRecord) => string }[];
  /** Under the totals: more of the document's figures (a purchase order's GST split). */
  footer?: ComponentType<{ record: ApiRecord }>;
};

/** A named step of a document's status: from which statuses, its button, its question and whether it takes a note. */
export type StepDeclaration = {
  name: string;
  label: string;
  from: readonly string[];
  /** The statuses it may end in; none: the status stays. */
  to: readonly string[];
  /** What the history calls it once done. */
  done?: string;
  confirm?: string;
  note?: 'optional' | 'required';
};

export type WorkflowDeclaration = {
  /** The status field. */
  field: string;
  steps: StepDeclaration[];
  /** Statuses in which the record may be edited or deleted; absent: every status. */
  editable?: readonly string[];
};

export type { HistoryEntry } from '../../domain/schemas/history';

/** Other records pointing at this one (a supplier's orders), listed on its page from their own list, filtered `?<field>=<id>`. */
export type RelatedDeclaration = {
  resource: string;
  field: string;
  title: string;
  /** Only on the pages of such records (a user whose role is seller); default every record's. */
  when?: (record: ApiRecord) => boolean;
};

/**
 * What a step's own form gets from the record's page (a purchase order's receive dialog): the record as shown, the
 * step, whether it is open, and `submit`.
 */
export type StepFormProps = {
  record: ApiRecord;
  step: StepDeclaration;
  /** 'purchase order'. */
  singular: string;
  open: boolean;
  /** The step is being sent. */
  busy: boolean;
  /**
   * Takes the step with this body: `POST /<path>/{id}/<step>`, an Idempotency-Key per submission (a body sent again
   * while the form is open carries the same key; another body, or the next opening, a new one). Resolves once it is
   * taken (the page then closes the form, says so and reads the record again); rejects with the API's HttpError,
   * whose `errors` name the body's paths ('lines.0.quantity'), the form staying open with what was typed.
   */
  submit: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
};

export type ShowDeclaration = {
  /** The page's heading for one record ('Test Order PO-2026-00042'), its words in the user's language through `tx`. */
  title: (record: ApiRecord, tx?: Tx) => string;
  /** The header fields, in order. */
  items: ShowItem[];
  lines: ShowLines[];
  workflow?: WorkflowDeclaration;
  /**
   * What a history entry is called ('Created', 'Submitted': English, the page translates it), and one changed field in
   * words ('Price ₹120.00 → ₹110.00'; null: not shown), its words in the user's language through `tx`.
   */
  history?: {
    title: (action: string) => string;
    change: (field: string, before: unknown, after: unknown, record: ApiRecord, tx?: Tx) => string | null;
  };
  related: RelatedDeclaration[];
  /**
   * Steps with a form of their own instead of the question and note (a receipt's quantities): by step name. The form
   * renders its own dialog (see crud/show/StepFormModal) and calls `submit`.
   */
  stepForms?: Record<string, ComponentType<StepFormProps>>;
  /** More buttons in the page's header, before the steps (Print). */
  headerExtra?: ComponentType<{ record: ApiRecord }>;
};

/**
 * A list declaration typed by its own rows; stored with the registry's record type. Sound because the
 * generic pages hand every render function the rows of the same resource.
 */
export function defineList<T>(list: ListDeclaration<T>): ListDeclaration {
  return list as unknown as ListDeclaration;
}

export type MenuGroupName = 'create' | 'setting';

export type MenuGroup = {
  name: MenuGroupName;
  label: string;
  icon?: ReactNode;
  /** The group ends with the Logout item. */
  withLogout?: boolean;
};
