import type { FieldArg, ResourceArgs } from './resource-args.js';

/**
 * The source of a declaration written by `npm run new-resource`: the fields' rules are left to `ruleOf` (kind, label,
 * `required`), so each field is a line to read and correct; only a list and json, which have no derived rule, get one.
 */

/** Words written in capitals in a label ('GST no'). */
const ACRONYMS = new Set(['gst', 'gstin', 'pan', 'sku', 'hsn', 'mrp', 'ifsc', 'upi', 'url', 'po', 'id', 'otp']);
const wordsOf = (name: string) => name.split(/[-_]/).map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
/** 'contact_email' → 'Contact email': a form label, and the subject of its rule's messages ('Contact email is required'). */
export const labelOf = (name: string) => {
  const text = wordsOf(name).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
/** 'contact_email' → 'Contact Email': a list column. */
export const titleOf = (name: string) =>
  wordsOf(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
/** 'purchase-orders' → 'purchaseOrders'. */
export const camelOf = (name: string) => name.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** 'purchase orders' → 'purchase order', 'categories' → 'category', 'addresses' → 'address', 'purchases' → 'purchase'. */
export const singularOf = (plural: string) =>
  plural
    .replace(/ies$/, 'y')
    .replace(/(ss|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1');

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (name: string) => (/^[a-z_][a-z0-9_]*$/i.test(name) ? name : quote(name));
const list = (items: readonly string[]) => `[${items.map(quote).join(', ')}]`;

/** The names the generated code uses for a resource: its spec, its table and lines tables in declared-schema.ts, its file. */
export function namesOf(resource: ResourceArgs) {
  const base = camelOf(resource.name);
  return {
    file: `${resource.name}.ts`,
    spec: `${base}Resource`,
    table: base,
    linesTables: resource.fields.filter((f) => f.kind === 'lines').map((f) => ({ field: f.name, name: `${base}${titleOf(f.name).replace(/ /g, '')}` })),
  };
}

/** A document's line figure where it is plain: one quantity (integer or decimal) times one money field. */
function amountOf(lines: FieldArg[], taken: readonly string[]): string | undefined {
  const quantities = lines.filter((f) => f.kind === 'integer' || f.kind === 'decimal');
  const prices = lines.filter((f) => f.kind === 'money');
  if (quantities.length !== 1 || prices.length !== 1 || taken.includes('amount')) return undefined;
  return `totals: { amount: { label: 'Amount', of: ['${quantities[0]!.name}', '${prices[0]!.name}'], kind: 'money' } }`;
}

/** `taken`: the document's field names, which its list rows share with the lines' totals. */
type Context = { labelFieldOf: (target: string) => string; imports: Set<string>; firstText?: string; inLines: boolean; taken: readonly string[] };

/** A field's properties, in the order a reader looks for them. */
function propsOf(field: FieldArg, ctx: Context): string[] {
  const label = labelOf(field.kind === 'ref' ? field.name.replace(/_id$/, '') : field.name);
  const props = [`kind: '${field.kind}'`, `label: ${quote(label)}`];
  if (field.required && field.kind !== 'lines') props.push('required: true');
  if (field.initial) props.push('initial: true');
  if (field.target) props.push(`ref: { resource: ${quote(field.target)}, labelField: ${quote(ctx.labelFieldOf(field.target))} }`);
  if (field.options) props.push(`options: [${field.options.map((v) => `{ value: ${quote(v)}, label: ${quote(labelOf(v))} }`).join(', ')}]`);
  if (field.kind === 'list') {
    ctx.imports.add('textList');
    props.push(`rule: textList(${quote(label)}, ${field.required})`, `itemLabel: ${quote(singularOf(titleOf(field.name)))}`);
  }
  if (field.kind === 'json') {
    ctx.imports.add('z');
    // No kind rule for structured data: the shape is the resource's own to say.
    props.push(field.required ? `rule: z.json({ error: ${quote(`${label} is required`)} })` : 'rule: z.json().optional()');
  }
  if (ctx.inLines || field.kind === 'lines' || field.kind === 'json') return props;
  props.push(`column: ${quote(field.kind === 'ref' ? titleOf(field.name.replace(/_id$/, '')) : titleOf(field.name))}`);
  if (field.name === ctx.firstText) props.push('search: true', 'sort: true');
  if (field.kind === 'date') props.push('sort: true', "filter: 'range'");
  if (field.kind === 'datetime') props.push('sort: true');
  if (field.kind === 'ref' || field.kind === 'choice' || field.kind === 'boolean') props.push('filter: true');
  return props;
}

function workflowSource(field: FieldArg, indent: string): string {
  const flow = field.workflow!;
  const actions = flow.actions.map((a) => `${indent}    ${key(a.name)}: { from: ${list(a.from)}, to: ${quote(a.to)} },`);
  return [
    'workflow: {',
    `${indent}  initial: ${quote(flow.initial)},`,
    `${indent}  editable: ${list([flow.initial])},`,
    `${indent}  actions: {`,
    ...actions,
    `${indent}  },`,
    `${indent}},`,
  ].join('\n');
}

function fieldSource(field: FieldArg, ctx: Context, indent: string): string {
  const props = propsOf(field, ctx);
  if (!field.workflow && !field.lines) return `${indent}${key(field.name)}: { ${props.join(', ')} },`;
  const inner = `${indent}  `;
  const body = props.map((p) => `${inner}${p},`);
  if (field.workflow) body.push(`${inner}${workflowSource(field, inner)}`);
  if (field.lines) {
    const lineCtx = { ...ctx, inLines: true, firstText: undefined };
    const total = amountOf(field.lines, [...ctx.taken, ...field.lines.map((f) => f.name)]);
    body.push(
      `${inner}lines: {`,
      `${inner}  itemLabel: ${quote(singularOf(titleOf(field.name)))},`,
      ...(field.required ? [`${inner}  min: 1,`] : []),
      `${inner}  fields: {`,
      ...field.lines.map((line) => fieldSource(line, lineCtx, `${inner}    `)),
      `${inner}  },`,
      ...(total ? [`${inner}  ${total},`] : []),
      `${inner}},`,
    );
  }
  return [`${indent}${key(field.name)}: {`, ...body, `${indent}},`].join('\n');
}

/** The declaration's file: the resource, its fields, entity nouns, screens, an empty `grants` to fill. */
export function declarationSource(resource: ResourceArgs, labelFieldOf: (target: string) => string): string {
  const { name, fields } = resource;
  const names = namesOf(resource);
  const plural = name.replace(/-/g, ' ');
  const singular = singularOf(plural);
  const slug = singular.replace(/ /g, '-');
  const imports = new Set<string>();
  const firstText = fields.find((f) => f.kind === 'text')?.name;
  const ctx: Context = { labelFieldOf, imports, firstText, inLines: false, taken: fields.map((f) => f.name) };
  const fieldLines = fields.map((f) => fieldSource(f, ctx, '    '));
  const isDocument = fields.some((f) => f.workflow || f.lines);
  const search = firstText ? `, searchPlaceholder: ${quote(`Search ${plural} by ${labelOf(firstText).toLowerCase()}`)}` : '';
  const common = [...imports].filter((i) => i !== 'z').sort();
  return [
    ...(imports.has('z') ? ["import { z } from 'zod';"] : []),
    ...(common.length ? [`import { ${common.join(', ')} } from '../schemas/common.js';`] : []),
    "import { defineResource } from '../resource.js';",
    '',
    `export const ${names.spec} = defineResource({`,
    `  name: ${quote(name)},`,
    `  path: ${quote(`/${name}`)},`,
    `  label: ${quote(titleOf(name))},`,
    `  entity: { title: ${quote(labelOf(singular.replace(/ /g, '_')))}, singular: ${quote(singular)}, plural: ${quote(plural)} },`,
    '  fields: {',
    ...fieldLines,
    '  },',
    "  // Admin has every action; other roles' defaults go here, e.g. { 'warehouse-user': ['list', 'show'] }.",
    '  grants: {},',
    '  timestamps: { created: true, modified: true },',
    `  screens: { list: ${quote(`/${name}`)}, create: ${quote(`/${slug}-registration`)}, edit: ${quote(`/${slug}-edit/:id`)}, show: ${quote(`/${name}/:id`)} },`,
    `  menu: '${isDocument ? 'create' : 'setting'}',`,
    `  list: { emptyText: ${quote(`No ${plural} found`)}${search} },`,
    '});',
    '',
  ].join('\n');
}
