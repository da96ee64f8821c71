import type { ZodType } from 'zod';
import type { FieldInput, FieldOption } from '../resources/types';

type Def = {
  type: string;
  shape?: Record<string, ZodType>;
  in?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  element?: ZodType;
  entries?: Record<string, string>;
};

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

/** The schema a field's value starts as: pipes, transforms, optional and default wrappers peeled off. */
export function baseSchema(schema: ZodType): ZodType {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (def.type === 'pipe' && def.in) current = def.in;
    else if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'union' && def.options?.[0]) current = def.options[0];
    else return current;
  }
  return current;
}

/** The input a field of this schema needs when the declaration does not say. */
export function inferInput(schema: ZodType): FieldInput {
  const def = defOf(baseSchema(schema));
  switch (def.type) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'enum':
      return 'select';
    case 'array':
      return 'list';
    default:
      return 'text';
  }
}

/** An enum's values as select options, labelled by `labels` when given. */
export function enumOptions(schema: ZodType, labels?: Record<string, string>): FieldOption[] {
  const def = defOf(baseSchema(schema));
  if (def.type !== 'enum' || !def.entries) return [];
  return Object.values(def.entries).map((value) => ({ value, label: labels?.[value] ?? value }));
}

/** Required when an empty value fails the schema (an optional or defaulted field accepts it). */
export function isRequired(schema: ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/** The fields of each entry of an array of objects (a document's lines: one row's rules by field), or null for any other schema. */
export function rowShapeOf(schema: ZodType): Record<string, ZodType> | null {
  const def = defOf(baseSchema(schema));
  if (def.type !== 'array' || !def.element) return null;
  const row = defOf(baseSchema(def.element));
  return row.type === 'object' && row.shape ? row.shape : null;
}
