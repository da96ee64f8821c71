import { z, type ZodType } from 'zod';
import type { Role } from './roles.js';

/**
 * One declaration of a plain resource, read by both sides: the server registers its CRUD routes, generic
 * Drizzle service, OpenAPI operations and default grants from it; the SPA its routes, sidebar item, matrix
 * row, list and forms. Each field is written once: its kind (the column), its zod rule (messages included),
 * its label, and whether the list shows, searches, sorts or filters by it.
 * Kinds: text, money (numeric 12,2), decimal (numeric 10,2), integer (a whole number), boolean, ref (the id of another declared
 * resource's record), list (several texts, e.g. a city's wards: a JSON array of strings) and choice (one of
 * a few fixed values, e.g. a warehouse's status: a text column, a select on the form, a tag in the list) and json
 * (structured data that only a form and a service of the resource's own read, e.g. a product's colour variants:
 * a JSON column, no generic cell or input).
 */
export type FieldKind = 'text' | 'money' | 'decimal' | 'integer' | 'boolean' | 'ref' | 'list' | 'choice' | 'json';

/** One value of a 'choice' field: what is stored, what the form and the list say, and its tag's colour (default grey). */
export type ChoiceOption = { value: string; label: string; color?: string };

export type ResourceField = {
  kind: FieldKind;
  /** Form label ('GST Rate (%)'). */
  label: string;
  /** The rule the API validates with and the form shows, messages included. */
  rule: ZodType;
  /** The rule of an update where it differs from a create's (a password required on create, blank on edit to keep it). */
  updateRule?: ZodType;
  /** Set when the record is created and never changed: an update's body does not take it (an inventory record's product). */
  createOnly?: boolean;
  /** List column title; absent: not a column. */
  column?: string;
  /** `q` matches it (case-insensitive substring). */
  search?: boolean;
  /** `sort` may name it. */
  sort?: boolean;
  /**
   * `?<field>=value` filters the list by it: true, an equal value (a reference's record, a flag's true or false,
   * picked in the column header); 'contains', a text holding the value anywhere, any case (typed in the header).
   */
  filter?: boolean | 'contains';
  /** Unique among the rows (a generated table gets a unique index). */
  unique?: boolean;
  /**
   * kind 'ref': the resource it points at and the field of it that names a record. The API sends that name beside
   * the id, under `as` (default '<field without _id>_name': 'category_name'), shown by the list as the cell and,
   * when none is found, as `unknown`. With `search`, `q` matches the name; with `sort`, `sort=<as>` orders by it.
   * Served by a server part's own service only, not the generic one: `valueField`, the field of the record stored
   * instead of its id (a user's role names a role), and `multiple`, a list of them (a user's warehouses).
   */
  ref?: { resource: string; labelField: string; as?: string; unknown?: string; valueField?: string; multiple?: boolean };
  /** kind 'ref' with a filter: the 400 for a value that is not an id; default '<label> not found'. */
  notAnId?: string;
  /** kind 'choice': every value the rule accepts, in order (the list filter refuses any other). */
  options?: readonly ChoiceOption[];
  /** Form placeholder, and help under the input on the create and the edit form. */
  placeholder?: string;
  help?: { create?: string; edit?: string };
  /** A new record's value on the form where the rule has no default (the API still requires a value). */
  initial?: unknown;
  /** Form input other than the kind's own: a textarea (the form's whole width), a phone, an email or a password box. */
  input?: 'textarea' | 'tel' | 'email' | 'password';
  /** Text inputs: the longest value the box takes, the keyboard a phone shows ('numeric' for a pincode), the browser's autofill. */
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  autoComplete?: string;
  /** List cell of a text: at most this many characters, then '...' with the whole text in a tooltip. */
  cut?: number;
  /** List cell kept on one line (a phone number). */
  nowrap?: boolean;
  /** kind 'boolean': what the list says for true and for false; default Yes and No. */
  labels?: readonly [yes: string, no: string];
  /** kind 'list': what one entry is called on the form ('Ward': boxes 'Ward 1', 'Ward 2', a button 'Add Ward'). */
  itemLabel?: string;
};

export const CRUD_ACTIONS = ['list', 'show', 'create', 'edit', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];

export type ResourceSpec<N extends string = string, F extends Record<string, ResourceField> = Record<string, ResourceField>> = {
  /** Refine resource, policy resource and OpenAPI tag. */
  name: N;
  /** REST collection path under /api. */
  path: string;
  /** Matrix row ('Handling Charges'); also the sidebar label and list heading unless `menuLabel` and `list.title` say otherwise. */
  label: string;
  /** Sidebar label when it differs from the matrix row's: 'City Listing' beside 'Cities'. */
  menuLabel?: string;
  /** Matrix hint: which screens the row opens. */
  hint?: string;
  /** Messages: 'City deleted successfully', 'Failed to fetch cities', 'Are you sure you want to delete this city?'. */
  entity: { title: string; singular: string; plural: string };
  fields: F;
  /** Default grants beyond admin's (admin has every action). */
  grants?: Partial<Record<Exclude<Role, 'admin'>, readonly CrudAction[]>>;
  /** 409 message when a unique field repeats; default '<Title> already exists'. */
  duplicateMessage?: string;
  /** REST shape where it differs from the default (`data` list key, POST to the collection, PUT): users' `users` key and POST /users/create. */
  api?: { listKey?: string; createPath?: string; updateMethod?: 'PUT' | 'PATCH' };
  /**
   * A rule over the whole body of a create and of an update (a discount at most the MRP), run unless a field is missing or of the wrong type (zod's refine).
   * On a `patch` update the fields not sent are undefined, so `check` lets them pass.
   */
  refine?: { check: (body: Record<string, unknown>) => boolean; message: string; path: readonly string[] };
  /** An update sends any subset of the fields (PATCH): each is optional and no default applies; what is not sent stays. */
  patch?: boolean;
  /** Default list order (field name, newest first when absent). */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Columns `created` and `modified` exist and are output. */
  timestamps?: { created?: boolean; modified?: boolean };
  /** The form's field order where it differs from `fields`' (the order the API checks a body in, and so its messages'). */
  formOrder?: readonly string[];
  /** SPA screens (SPEC.md-style paths); absent: no screen of its own. */
  screens?: { list: string; create?: string; edit?: string };
  /** Sidebar group; absent: not in the sidebar. */
  menu?: 'create' | 'setting';
  /** SPA texts of the list screen. */
  list?: {
    /** Page heading; default `label`. */
    title?: string;
    /** The create button; default 'Add <entity title>'. */
    createLabel?: string;
    emptyText?: string;
    searchPlaceholder?: string;
    /**
     * What names one record wherever it is offered, a search suggestion or another resource's picker of it: these
     * fields' values joined by ', ' (a city: 'Jaipur, Rajasthan'); default the first search field's.
     */
    suggestion?: readonly string[];
    /** With timestamps.created: the title of a 'created' column, sortable by it; absent: no such column. */
    createdColumn?: string;
    /** With timestamps.modified: likewise, a 'modified' column after it. */
    modifiedColumn?: string;
  };
};

/** Keeps the literal name and fields, so the policy's resource type and the row types follow the declaration. */
export function defineResource<const N extends string, const F extends Record<string, ResourceField>>(spec: ResourceSpec<N, F>): ResourceSpec<N, F> {
  return spec;
}

/** The declaration's `refine` on a body schema; none: the schema itself. */
function refined<T extends z.ZodObject>(spec: ResourceSpec, schema: T): T {
  const rule = spec.refine;
  return rule ? schema.refine((body) => rule.check(body as Record<string, unknown>), { message: rule.message, path: [...rule.path] }) : schema;
}

/** The body of a create (and of an update where no field has an `updateRule`): every field's rule, then `refine`. */
export function inputSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceSpec<string, F>) {
  const shape = Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, field.rule])) as { [K in keyof F]: F[K]['rule'] };
  return refined(spec, z.object(shape));
}

type UpdateShape<F extends Record<string, ResourceField>> = {
  [K in keyof F as F[K] extends { createOnly: true } ? never : K]: F[K] extends { updateRule: infer U extends ZodType } ? U : F[K]['rule'];
};
const updateShapeOf = <F extends Record<string, ResourceField>>(spec: ResourceSpec<string, F>) =>
  Object.fromEntries(Object.entries(spec.fields).filter(([, field]) => !field.createOnly).map(([name, field]) => [name, field.updateRule ?? field.rule])) as UpdateShape<F>;

/** The body of an update: each field's `updateRule`, else its rule, but no `createOnly` field, then `refine`; with `patch`, `patchSchemaOf`'s. */
export function updateSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceSpec<string, F>) {
  // Typed as the full body: a patch declaration names its own type through patchSchemaOf.
  if (spec.patch) return patchSchemaOf(spec) as unknown as z.ZodObject<UpdateShape<F>>;
  return refined(spec, z.object(updateShapeOf(spec)));
}

/** The body of a `patch` update: every field's update rule made optional (a default would fill what was not sent: give an `updateRule` without it), then `refine`. */
export function patchSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceSpec<string, F>) {
  return refined(spec, z.object(updateShapeOf(spec)).partial());
}

/** A record as the API sends it: `_id`, the fields under their snake_case names, and the timestamps. */
export type RecordOf<S extends ResourceSpec> = { _id: string; created?: string; modified?: string } & {
  [K in keyof S['fields']]: z.output<S['fields'][K]['rule']> | null;
};

/** The key of a reference's record name in the API's output: 'city' where declared, else 'category_name'. */
export const refNameOf = (name: string, field: ResourceField) => field.ref?.as ?? `${name.replace(/_id$/, '')}_name`;

export const searchFields = (spec: ResourceSpec) => Object.keys(spec.fields).filter((f) => spec.fields[f]!.search);
/** The fields whose values, joined by ', ', name one record in a suggestion or a picker (`list.suggestion`). */
export const recordLabelFields = (spec: ResourceSpec): readonly string[] => spec.list?.suggestion ?? searchFields(spec).slice(0, 1);
/** What `sort` may name, in this order: the sortable fields, then the sortable references by their record's name, then 'created'. */
export const sortFields = (spec: ResourceSpec) => {
  const sorted = Object.entries(spec.fields).filter(([, f]) => f.sort);
  return [
    ...sorted.filter(([, f]) => f.kind !== 'ref').map(([name]) => name),
    ...sorted.filter(([, f]) => f.kind === 'ref').map(([name, f]) => refNameOf(name, f)),
    ...(spec.timestamps?.created ? ['created'] : []),
  ];
};
export const filterFields = (spec: ResourceSpec) => Object.keys(spec.fields).filter((f) => spec.fields[f]!.filter);

/** 'charge_type' → 'chargeType': the Drizzle property of a snake_case field. */
export const camelOf = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
