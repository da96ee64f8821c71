import { z, type ZodType } from 'zod';
import { ruleOf } from './resource-rules.js';
import type { ExportDeclaration } from './list-csv.js';
import type { Role } from './roles.js';

export { ruleOf };

/**
 * One declaration of a plain resource, read by both sides: the server registers its CRUD routes, generic
 * Drizzle service, OpenAPI operations and default grants from it; the SPA its routes, sidebar item, matrix
 * row, list and forms. Each field is written once: its kind (the column), its zod rule (messages included),
 * its label, and whether the list shows, searches, sorts or filters by it.
 * Kinds: text, email, phone, money (numeric 12,2), decimal (numeric 10,2), integer (a whole number), boolean, date (a
 * calendar day), datetime (an instant), ref (the id of another declared resource's record: a foreign key), list
 * (several texts, e.g. a city's wards: a JSON array of strings), choice (one of a few fixed values, e.g. a warehouse's
 * status: a text column, a select on the form, a tag in the list; with a `workflow`, a document's status moved only
 * by its named actions), json (structured data that only a form and a service of the resource's own read, e.g. a
 * product's colour variants) and lines (a document's rows: a child table of their own fields, e.g. a purchase order's
 * product, quantity and unit cost).
 */
export type FieldKind =
  'text' | 'email' | 'phone' | 'money' | 'decimal' | 'integer' | 'boolean' | 'date' | 'datetime' | 'ref' | 'list' | 'choice' | 'json' | 'lines';

/** One value of a 'choice' field: what is stored, what the form and the list say, and its tag's colour (default grey). */
export type ChoiceOption = { value: string; label: string; color?: string };

/**
 * A named step of a document's status (a `choice` field's `workflow`): from any of `from` to `to`, served as
 * `POST /api/<path>/{id}/<action>` with an Idempotency-Key, its own row in the permissions matrix, who and when
 * recorded in the record's history, a button on the record's page where the status and the user's grants allow it.
 */
export type WorkflowAction = {
  from: readonly string[];
  /**
   * The status after the step; several: the resource's own code for the step picks one (a receipt leaves an order
   * partially received or received), else the first; none: the status stays (a return to the seller).
   */
  to?: string | readonly string[];
  /** The button ('Submit'); default the action's name in title case. */
  label?: string;
  /** What the record's history calls the step once done ('Received'); default the label of the status it reached, else the button's. */
  done?: string;
  /** Asked before the step ('Cancel this purchase order?'). */
  confirm?: string;
  /** A note with the step: asked for ('optional') or needed ('required', e.g. why it was closed short). */
  note?: 'optional' | 'required';
  /** The default grants of the step beyond admin's (the resource's `grants` never imply it). */
  grants?: readonly Exclude<Role, 'admin'>[];
};

export type Workflow = {
  /** The status a new record starts in (the create's body cannot set it). */
  initial: string;
  actions: Record<string, WorkflowAction>;
  /** The statuses in which an update (or a delete) is allowed; default every status. A step is no update. */
  editable?: readonly string[];
};

/** What a document's lines add up to, computed in SQL for the list and the record: Σ of one field, or of a product of fields. */
export type LinesTotal = { label: string; of: readonly [string] | readonly [string, string]; kind?: 'money' | 'integer' | 'decimal' };

/** kind 'lines': the child rows (a table of their own, its parent a foreign key deleted with it) and their totals. */
export type LinesSpec = {
  /** Each row's fields (any kind but lines). */
  fields: Record<string, ResourceField>;
  /** What one row is called ('Line'). */
  itemLabel?: string;
  /** At least / at most this many rows (default 0 / 1000). */
  min?: number;
  max?: number;
  /** Per-row computed figures shown beside each row ('amount' = quantity × unit_cost), and the document's sums of them. */
  totals?: Record<string, LinesTotal>;
};

export type ResourceField = {
  kind: FieldKind;
  /** Form label ('GST Rate (%)'). */
  label: string;
  /**
   * The rule the API validates with and the form shows, messages included. Absent: the kind's own rule with the label
   * in its messages (`ruleOf`, src/domain/resource-rules.ts), `required` saying whether a value must be sent.
   */
  rule?: ZodType;
  /** Without a `rule`: a value must be sent. */
  required?: boolean;
  /** Without a `rule`: the longest text, or the largest whole number; the smallest whole number or amount of money. */
  max?: number;
  min?: number;
  /** kind 'lines': the rows' fields and totals. */
  lines?: LinesSpec;
  /** kind 'choice': a document's status, moved only by named actions. */
  workflow?: Workflow;
  /** The rule of an update where it differs from a create's (a password required on create, blank on edit to keep it). */
  updateRule?: ZodType;
  /** Set when the record is created and never changed: an update's body does not take it (an inventory record's product). */
  createOnly?: boolean;
  /**
   * Set by the resource's own code, never by a body (a purchase order line's received quantity); shown on the record.
   * Its column starts at `initial` where one is given.
   */
  readOnly?: boolean;
  /** List column title; absent: not a column. */
  column?: string;
  /** `q` matches it (case-insensitive substring). */
  search?: boolean;
  /** `sort` may name it. */
  sort?: boolean;
  /**
   * `?<field>=value` filters the list by it: true, an equal value (a reference's record, a flag's true or false,
   * picked in the column header); 'contains', a text holding the value anywhere, any case (typed in the header);
   * 'range', a date from `?<field>_from=` to `?<field>_to=` (both days included; picked in the header).
   */
  filter?: boolean | 'contains' | 'range';
  /** Unique among the rows (a generated table gets a unique index). */
  unique?: boolean;
  /**
   * A cost figure (what was paid): a role without 'costs: see' gets no such value, nor any total computed from it, in
   * any answer or history, and may not sort or filter by it. Fields named as the stock's cost figures are (unit_cost).
   */
  cost?: boolean;
  /**
   * kind 'ref': the resource it points at and the field of it that names a record (several: joined by spaces, a
   * person's first and last name). The API sends that name beside
   * the id, under `as` (default '<field without _id>_name': 'category_name'), shown by the list as the cell and,
   * when none is found, as `unknown`. With `search`, `q` matches the name; with `sort`, `sort=<as>` orders by it.
   * Served by a server part's own service only, not the generic one: `valueField`, the field of the record stored
   * instead of its id (a user's role names a role), and `multiple`, a list of them (a user's warehouses).
   */
  ref?: {
    resource: string;
    labelField: string | readonly string[];
    as?: string;
    unknown?: string;
    valueField?: string;
    /** The records' labels may be texts of ours (the built-in roles' 'Delivery Boy'): shown in the user's language; labels typed by people stay. */
    translatedLabels?: boolean;
    multiple?: boolean;
    /** Only records with these values may be pointed at (a purchase order's seller: a user whose role is seller); others are '<label> not found'. */
    where?: Readonly<Record<string, string>>;
  };
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

/** Another resource's records that point at this one, listed on this one's page (a supplier's purchase orders). */
export type RelatedList = { resource: string; field: string; title?: string };

/** A number a person can say on the phone, given at create: 'PO-2026-00042' (`prefix`, the year if `yearly`, `digits`). */
export type Numbering = { field: string; prefix: string; yearly?: boolean; digits?: number };

export type ResourceDeclaration<N extends string = string, F extends Record<string, ResourceField> = Record<string, ResourceField>> = {
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
  /** SPA screens (SPEC.md-style paths); absent: no screen of its own. `show`: the record's page (fields, lines, history, actions). */
  screens?: { list: string; create?: string; edit?: string; show?: string };
  /** Listed on the record's page: other resources' records pointing at it. */
  related?: readonly RelatedList[];
  /** A document's number, given by the server at create. */
  numbering?: Numbering;
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
    /** The CSV export (`GET <path>.csv`) where it is not the list's columns as declared (src/domain/list-csv.ts). */
    export?: ExportDeclaration;
  };
};

/** Keeps the literal name and fields, so the policy's resource type and the row types follow the declaration. */
export function defineResource<const N extends string, const F extends Record<string, ResourceField>>(
  spec: ResourceDeclaration<N, F>,
): ResourceDeclaration<N, F> {
  return spec;
}

/** The declaration's `refine` on a body schema; none: the schema itself. */
function refined<T extends z.ZodObject>(spec: ResourceDeclaration, schema: T): T {
  const rule = spec.refine;
  return rule ? schema.refine((body) => rule.check(body as Record<string, unknown>), { message: rule.message, path: [...rule.path] }) : schema;
}

/** A field's rule as a type: the declared one, else the kind's (any rule). */
type RuleOf<Field> = Field extends { rule: infer R extends ZodType } ? R : ZodType;

/** Set by the server, never by a body: a document's status (its workflow moves it), its number, a read-only field. */
export const serverSet = (spec: ResourceDeclaration, name: string): boolean =>
  Boolean(spec.fields[name]?.workflow) || spec.fields[name]?.readOnly === true || spec.numbering?.field === name;

/** The statuses a workflow step may end in: none where it leaves the status as it is. */
/** A step's button: its label, else its name in title case ('close-short' → 'Close Short'). */
export const actionLabel = (name: string, action: WorkflowAction) =>
  action.label ?? name.replace(/(^|[-_])(\w)/g, (_, s: string, c: string) => `${s ? ' ' : ''}${c.toUpperCase()}`);
export const stepTargets = (action: WorkflowAction): readonly string[] => (action.to === undefined ? [] : [action.to].flat());
const bodyFields = (spec: ResourceDeclaration) => Object.entries(spec.fields).filter(([name]) => !serverSet(spec, name));

/** The body of a create (and of an update where no field has an `updateRule`): every field's rule, then `refine`. */
export function inputSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceDeclaration<string, F>) {
  const shape = Object.fromEntries(bodyFields(spec).map(([name, field]) => [name, ruleOf(field)])) as { [K in keyof F]: RuleOf<F[K]> };
  return refined(spec, z.object(shape));
}

type UpdateShape<F extends Record<string, ResourceField>> = {
  [K in keyof F as F[K] extends { createOnly: true } ? never : K]: F[K] extends { updateRule: infer U extends ZodType } ? U : RuleOf<F[K]>;
};
const updateShapeOf = <F extends Record<string, ResourceField>>(spec: ResourceDeclaration<string, F>) =>
  Object.fromEntries(
    bodyFields(spec)
      .filter(([, field]) => !field.createOnly)
      .map(([name, field]) => [name, field.updateRule ?? ruleOf(field)]),
  ) as UpdateShape<F>;

/** The body of an update: each field's `updateRule`, else its rule, but no `createOnly` field, then `refine`; with `patch`, `patchSchemaOf`'s. */
export function updateSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceDeclaration<string, F>) {
  // Typed as the full body: a patch declaration names its own type through patchSchemaOf.
  if (spec.patch) return patchSchemaOf(spec) as unknown as z.ZodObject<UpdateShape<F>>;
  return refined(spec, z.object(updateShapeOf(spec)));
}

/** The body of a `patch` update: every field's update rule made optional (a default would fill what was not sent: give an `updateRule` without it), then `refine`. */
export function patchSchemaOf<F extends Record<string, ResourceField>>(spec: ResourceDeclaration<string, F>) {
  return refined(spec, z.object(updateShapeOf(spec)).partial());
}

/** The key of a reference's record name in the API's output: 'city' where declared, else 'category_name'. */
export const refNameOf = (name: string, field: ResourceField) => field.ref?.as ?? `${name.replace(/_id$/, '')}_name`;

export const searchFields = (spec: ResourceDeclaration) => Object.keys(spec.fields).filter((f) => spec.fields[f]!.search);
/** The fields whose values, joined by ', ', name one record in a suggestion or a picker (`list.suggestion`). */
export const recordLabelFields = (spec: ResourceDeclaration): readonly string[] => spec.list?.suggestion ?? searchFields(spec).slice(0, 1);
/** What `sort` may name, in this order: the sortable fields, then the sortable references by their record's name, then 'created'. */
export const sortFields = (spec: ResourceDeclaration) => {
  const sorted = Object.entries(spec.fields).filter(([, f]) => f.sort);
  return [
    ...sorted.filter(([, f]) => f.kind !== 'ref').map(([name]) => name),
    ...sorted.filter(([, f]) => f.kind === 'ref').map(([name, f]) => refNameOf(name, f)),
    ...(spec.timestamps?.created ? ['created'] : []),
  ];
};
/**
 * The answer keys of a declaration that are cost figures: its fields and its lines' fields declared `cost` (or named
 * in `known`, the stock's own cost names), and every lines total computed from one of them.
 */
export function costFieldsOf(spec: ResourceDeclaration, known: ReadonlySet<string>): string[] {
  const isCost = (name: string, field: ResourceField) => field.cost === true || known.has(name);
  return Object.entries(spec.fields).flatMap(([name, field]) => {
    if (!field.lines) return isCost(name, field) ? [name] : [];
    const own = Object.entries(field.lines.fields)
      .filter(([n, f]) => isCost(n, f))
      .map(([n]) => n);
    const totals = Object.entries(field.lines.totals ?? {})
      .filter(([, t]) => t.of.some((f) => own.includes(f)))
      .map(([n]) => n);
    return [...own, ...totals];
  });
}
export const filterFields = (spec: ResourceDeclaration) => Object.keys(spec.fields).filter((f) => spec.fields[f]!.filter);

/** 'charge_type' → 'chargeType': the Drizzle property of a snake_case field. */
export const camelOf = (field: string) => field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
