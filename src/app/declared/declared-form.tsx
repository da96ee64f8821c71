import { ruleOf, serverSet, type ResourceField, type ResourceDeclaration } from '../../domain/resource';
import { choiceOptions, refOptions } from './declared-columns';
import type { FieldDeclaration, FieldInput, LinesDeclaration } from '../resources/types';

/**
 * The input a kind calls for where the declaration names none: a number box, a switch, an e-mail or a phone box, a
 * day, a day and a time. Said here rather than read off the rule: a derived rule (`ruleOf`) wraps its type in a
 * preprocess that hides it.
 */
const KIND_INPUTS: Partial<Record<ResourceField['kind'], FieldInput>> = {
  money: 'number',
  decimal: 'number',
  integer: 'number',
  boolean: 'switch',
  email: 'email',
  phone: 'tel',
  date: 'date',
  datetime: 'datetime',
};

/** A document's rows: each row's own fields (not those the server sets: a received quantity), and the figures computed from them. */
function linesOf(field: ResourceField): LinesDeclaration {
  const lines = field.lines!;
  const typed = Object.entries(lines.fields).filter(([, f]) => !f.readOnly);
  return {
    fields: typed.map(([name, f]) => formField(name, f)),
    itemLabel: lines.itemLabel ?? 'Line',
    min: lines.min ?? 0,
    ...(lines.max !== undefined && { max: lines.max }),
    totals: Object.entries(lines.totals ?? {}).map(([key, t]) => ({ key, label: t.label, of: t.of, kind: t.kind ?? 'decimal' })),
    newRow: initialValuesOf(typed),
  };
}

export function formField(name: string, field: ResourceField): FieldDeclaration {
  const input = field.input ?? KIND_INPUTS[field.kind];
  return {
    name,
    label: field.label,
    placeholder: field.placeholder,
    ...(field.maxLength !== undefined && { maxLength: field.maxLength }),
    ...(field.inputMode && { inputMode: field.inputMode }),
    ...(field.autoComplete && { autoComplete: field.autoComplete }),
    ...(input && { input, ...(input === 'textarea' && { wide: true }) }),
    ...(field.kind === 'money' || field.kind === 'decimal' ? { step: 0.01 } : field.kind === 'integer' ? { step: 1, integer: true } : {}),
    ...(field.help && { help: field.help }),
    ...(field.kind === 'ref' && field.ref ? { input: 'select' as const, options: refOptions(field.ref) } : {}),
    ...(field.kind === 'choice' && field.options ? { input: 'select' as const, options: choiceOptions(field.options) } : {}),
    ...(field.kind === 'list' ? { itemLabel: field.itemLabel, wide: true } : {}),
    ...(field.kind === 'lines' && field.lines ? { input: 'lines' as const, wide: true, lines: linesOf(field) } : {}),
  };
}

/**
 * A new record's values: each declared `initial` or rule's default, one empty box to type in for a list, and a
 * document's least number of rows, empty, to fill in.
 */
export function initialValuesOf(fields: [string, ResourceField][]): Record<string, unknown> {
  return Object.fromEntries(
    fields.flatMap(([name, f]) => {
      if (f.initial !== undefined) return [[name, f.initial]];
      if (f.kind === 'list') return [[name, ['']]];
      if (f.kind === 'lines')
        return [[name, Array.from({ length: f.lines?.min ?? 0 }, () => initialValuesOf(Object.entries(f.lines?.fields ?? {}).filter(([, c]) => !c.readOnly)))]];
      const empty = ruleOf(f).safeParse(undefined);
      return empty.success && empty.data !== undefined ? [[name, empty.data]] : [];
    }),
  );
}

/** The fields a person fills in, in the form's order (the declared `formOrder`, else the declaration's): never what the server sets. */
export function formFieldsOf(spec: ResourceDeclaration): [string, ResourceField][] {
  const order = spec.formOrder ?? Object.keys(spec.fields);
  return order.filter((name) => !serverSet(spec, name)).map((name) => [name, spec.fields[name]!]);
}
