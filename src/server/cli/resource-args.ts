import type { FieldKind } from '../../domain/resource.js';

/**
 * `npm run new-resource`'s command line, read and checked before anything is written. Every refusal says what is
 * wrong and what would be accepted there; `USAGE` is the whole syntax.
 */
export const USAGE = `Usage: npm run new-resource -- <name> <field>:<kind>[!] ... [--no-migration]
  <name>    the resource, a plural in snake_case or kebab-case: suppliers, purchase_orders (named purchase-orders)
  <field>   snake_case; '!' after the kind: a value is required
  kinds     text  email  phone  money  decimal  integer  date  datetime  json
            boolean[=true]                      a flag, false unless '=true' (never '!': it always has a value)
            list                                several texts (a city's wards); '!': at least one
            ref(<resource>)                     a record of a declared resource: supplier:ref(suppliers) is the field supplier_id
            choice(<value>,<value>,...)         one of these values (snake_case), e.g. choice(low,normal,high)
            workflow(<from>[|<from>]><to>:<action>,...)
                                                a document's status, moved only by these actions; a new record starts in
                                                the first status named and may be edited only in it
            lines(<field>:<kind>[!],...)         a document's rows, each of these fields (any kind but lines and workflow);
                                                '!': at least one row
  Quote an argument holding ( ) | > for the shell: 'status:workflow(draft>ordered:submit,draft|ordered>cancelled:cancel)'
Example: npm run new-resource -- suppliers name:text! phone:phone! gst_no:text contact_email:email active:boolean=true city:ref(cities)`;

export class SpecError extends Error {}

export type WorkflowArg = { initial: string; statuses: string[]; actions: { name: string; from: string[]; to: string }[] };

/** One field as written, checked: a ref already named '<x>_id'. */
export type FieldArg = {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** boolean: '=true'. */
  initial?: true;
  /** ref: the declared name of the resource pointed at (kebab-case). */
  target?: string;
  /** choice: its values, in order. */
  options?: string[];
  workflow?: WorkflowArg;
  lines?: FieldArg[];
};

export type ResourceArgs = { name: string; fields: FieldArg[] };

const PLAIN_KINDS = ['text', 'email', 'phone', 'money', 'decimal', 'integer', 'boolean', 'date', 'datetime', 'list', 'json'] as const;
const KINDS_SAID = `${PLAIN_KINDS.join(', ')}, ref(<resource>), choice(<a>,<b>,...), workflow(<from>><to>:<action>,...) or lines(<field>:<kind>,...)`;
const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const RESOURCE_NAME = /^[a-z][a-z0-9]*([-_][a-z0-9]+)*$/;
/** Columns every generated table has; a lines table's own. */
const RESERVED = ['id', 'created', 'modified'];
const RESERVED_IN_LINES = ['id', 'parent_id', 'position'];
/** A workflow action is a matrix action beside the CRUD ones. */
const CRUD = ['list', 'show', 'create', 'edit', 'delete'];

function fail(message: string): never {
  throw new SpecError(message);
}

/** The index of the ')' closing the '(' that `text` starts with; -1 when it is never closed. */
function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** 'purchase_orders' → 'purchase-orders': declared names are kebab-case, tables snake_case. */
export const resourceNameOf = (raw: string): string => {
  if (!RESOURCE_NAME.test(raw)) {
    fail(`'${raw}' is not a resource name: write a plural of lower-case letters and digits, its words joined by '_' or '-' (suppliers, purchase_orders)`);
  }
  return raw.replace(/_/g, '-');
};

/** Splits at the commas outside parentheses: lines(product:ref(products)!,quantity:integer!) has two items. */
function splitTopLevel(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim());
}

function parseChoice(arg: string, inner: string): string[] {
  const values = inner.split(',').map((v) => v.trim());
  const bad = values.find((v) => !SNAKE.test(v));
  if (bad !== undefined) fail(`'${arg}': '${bad}' is not a choice value: write snake_case values, e.g. choice(draft,ordered,received)`);
  if (values.length < 2) fail(`'${arg}': a choice needs at least two values, e.g. choice(low,normal,high)`);
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice) fail(`'${arg}': the value '${twice}' is given twice`);
  return values;
}

function parseWorkflow(arg: string, inner: string): WorkflowArg {
  const statuses: string[] = [];
  const seen = (s: string) => (statuses.includes(s) ? undefined : statuses.push(s));
  const actions = inner.split(',').map((step) => {
    const match = /^([a-z0-9_|]+)>([a-z0-9_]+):([a-z0-9_-]+)$/.exec(step.trim());
    if (!match) fail(`'${arg}': '${step}' is not a step: write <from>><to>:<action>, several from-statuses joined by '|' (draft|ordered>cancelled:cancel)`);
    const [, fromText = '', to = '', name = ''] = match;
    const from = fromText.split('|');
    const badStatus = [...from, to].find((s) => !SNAKE.test(s));
    if (badStatus !== undefined) fail(`'${arg}': '${badStatus}' is not a status: statuses are snake_case (draft, partially_received)`);
    if (!/^[a-z][a-z0-9]*([-_][a-z0-9]+)*$/.test(name))
      fail(`'${arg}': '${name}' is not an action name: lower-case words joined by '_' or '-' (submit, close-short)`);
    if (CRUD.includes(name)) fail(`'${arg}': '${name}' is a CRUD action already: name the step otherwise (submit, receive, cancel)`);
    if (from.includes(to)) fail(`'${arg}': the step '${name}' goes from '${to}' to itself`);
    [...from, to].forEach(seen);
    return { name, from, to };
  });
  const twice = actions.find((a, i) => actions.findIndex((b) => b.name === a.name) !== i);
  if (twice) fail(`'${arg}': the action '${twice.name}' is named twice: give each step its own name`);
  return { initial: actions[0]!.from[0]!, statuses, actions };
}

/** '<field>:<kind>[(...)][!][=true]' → a field; inside lines(...), no lines or workflow. */
export function parseField(arg: string, inLines = false): FieldArg {
  const head = /^([^:]*):([a-z]*)(.*)$/s.exec(arg);
  if (!head) fail(`'${arg}' has no kind: write <field>:<kind>, e.g. name:text! (kinds: ${KINDS_SAID})`);
  const [, name = '', kind = '', after = ''] = head;
  if (!SNAKE.test(name)) fail(`'${arg}': '${name}' is not a field name: write snake_case (contact_email)`);
  let rest = after;
  let inner: string | undefined;
  if (rest.startsWith('(')) {
    const close = closingParen(rest);
    if (close < 0) fail(`'${arg}': its '(' is never closed`);
    inner = rest.slice(1, close).trim();
    rest = rest.slice(close + 1);
  }
  const tail = /^(!)?(=true)?$/.exec(rest);
  if (!tail) fail(`'${arg}': '${rest}' after the kind is not understood: only '!' (required) may follow it, or '=true' after boolean`);
  const required = Boolean(tail[1]);
  const defaultTrue = Boolean(tail[2]);
  const argsOf = (example: string): string => inner || fail(`'${arg}': ${kind} needs its ${example}`);
  if (defaultTrue && kind !== 'boolean') fail(`'${arg}': '=true' is a flag's default; other kinds take none (a form's initial value goes in the declaration)`);
  if ((PLAIN_KINDS as readonly string[]).includes(kind) && inner !== undefined)
    fail(`'${arg}': ${kind} takes nothing in parentheses (only ref, choice, workflow and lines do)`);

  switch (kind) {
    case 'boolean':
      if (required) fail(`'${arg}': a flag always has a value, so takes no '!': write ${name}:boolean (false unless set) or ${name}:boolean=true`);
      return { name, kind, required: false, ...(defaultTrue ? { initial: true as const } : {}) };
    case 'ref': {
      const target = resourceNameOf(argsOf('resource: ref(suppliers)'));
      return { name: `${name.replace(/_id$/, '')}_id`, kind, required, target };
    }
    case 'choice':
      return { name, kind, required, options: parseChoice(arg, argsOf('values: choice(low,normal,high)')) };
    case 'workflow': {
      if (inLines) fail(`'${arg}': a line has no workflow; the document's status is a field of the document`);
      if (required) fail(`'${arg}': a workflow's status is set by the server (a new record starts in its first status), so takes no '!'`);
      const workflow = parseWorkflow(arg, argsOf('steps: workflow(draft>ordered:submit,ordered>received:receive)'));
      return { name, kind: 'choice', required: false, options: workflow.statuses, workflow };
    }
    case 'lines': {
      if (inLines) fail(`'${arg}': lines cannot hold lines`);
      const items = splitTopLevel(argsOf('fields: lines(product:ref(products)!,quantity:integer!)'));
      const lines = items.map((item) => parseField(item, true));
      checkNames(lines, RESERVED_IN_LINES, 'lines table');
      return { name, kind, required, lines };
    }
    default:
      if (!(PLAIN_KINDS as readonly string[]).includes(kind)) fail(`'${arg}': '${kind}' is not a kind: write one of ${KINDS_SAID}`);
      return { name, kind: kind as FieldKind, required };
  }
}

/** No name twice (a ref 'supplier' is 'supplier_id'), none a column of the table's own, none the API's name of a ref's record. */
function checkNames(fields: FieldArg[], reserved: readonly string[], table: string): void {
  const names = fields.map((f) => f.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) fail(`The field '${twice}' is given twice (a reference x is named x_id)`);
  const taken = names.find((n) => reserved.includes(n));
  if (taken) fail(`'${taken}' is a column every ${table} has: name the field otherwise (${reserved.join(', ')} are taken)`);
  const shadowed = fields.find((f) => f.kind === 'ref' && names.includes(`${f.name.replace(/_id$/, '')}_name`));
  if (shadowed) fail(`'${shadowed.name.replace(/_id$/, '')}_name' is what the API calls the record ${shadowed.name} points at: name that field otherwise`);
}

/** `<name> <field>:<kind> ...` → the resource, or a SpecError saying what is wrong and what is accepted. */
export function parseResourceArgs(args: readonly string[]): ResourceArgs {
  const [rawName, ...fieldArgs] = args;
  if (!rawName) fail("Give the resource's name and its fields, e.g. suppliers name:text! phone:phone");
  if (rawName.includes(':')) fail(`'${rawName}' looks like a field: the resource's name comes first (suppliers name:text!)`);
  const name = resourceNameOf(rawName);
  if (!fieldArgs.length) fail(`Give ${name} at least one field, e.g. name:text!`);
  const fields = fieldArgs.map((arg) => parseField(arg));
  checkNames(fields, RESERVED, 'generated table');
  if (fields.filter((f) => f.workflow).length > 1) fail('A resource has at most one workflow: one status field moved by its actions');
  return { name, fields };
}
