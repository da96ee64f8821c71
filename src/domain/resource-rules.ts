import { z, type ZodType } from 'zod';
import { calendarDay } from './schemas/dates.js';
import { choice, email, money, optionalEmail, optionalPhone, optionalText, phone, requiredText } from './schemas/common.js';
import type { ResourceField } from './resource.js';

/**
 * A field's rule when the declaration gives none: the kind's, with the field's label in its messages ('Name is
 * required', 'Expected on must be a date (YYYY-MM-DD)'), `required` deciding whether a value must be sent. A declared
 * `rule` always wins (SPEC.md's resources keep their exact messages).
 */
export function ruleOf(field: ResourceField): ZodType {
  if (field.rule) return field.rule;
  const label = field.label;
  const required = field.required === true;
  const optional = (rule: ZodType) => z.preprocess(blankAsMissing, rule.optional().nullable());
  switch (field.kind) {
    case 'text':
      return required ? requiredText(label, field.max ?? 500) : optionalText(label, field.max ?? 2000);
    case 'email':
      return required ? email(label) : optionalEmail(label);
    case 'phone':
      return required ? phone(label) : optionalPhone(label);
    case 'money': {
      // A declared `min` (a unit cost of at least 0.01) is checked before the money rule's own.
      const amount =
        field.min === undefined
          ? money(label)
          : z
              .number({ error: `${label} is required and must be a number` })
              .min(field.min, `${label} must be at least ${field.min}`)
              .pipe(money(label));
      return required ? numeric(amount) : optional(numeric(amount));
    }
    case 'decimal':
      return required ? numeric(decimal(label)) : optional(numeric(decimal(label)));
    case 'integer': {
      const whole = numeric(wholeNumber(label, field.min ?? 0, field.max));
      return required ? whole : optional(whole);
    }
    case 'boolean':
      return z.boolean({ error: `${label} must be true or false` }).default(field.initial === true);
    case 'date':
      return required ? z.preprocess(blankAsMissing, z.string({ error: `${label} is required` }).pipe(calendarDay(label))) : optional(calendarDay(label));
    case 'datetime': {
      const instant = z
        .string({ error: `${label} must be a date and time` })
        .trim()
        .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date and time`);
      return required ? instant : optional(instant);
    }
    case 'ref': {
      const id = z
        .string({ error: `${label} is required` })
        .trim()
        .min(1, `${label} is required`)
        .max(64, `${label} not found`);
      return required ? id : optional(id);
    }
    case 'choice': {
      const values = (field.options ?? []).map((o) => o.value) as [string, ...string[]];
      const rule = choice(values, label);
      return field.workflow ? rule.optional() : required ? rule : optional(rule);
    }
    case 'lines':
      return linesRule(field);
    default:
      throw new Error(`Field '${label}' of kind ${field.kind} needs a rule`);
  }
}

/** Lines: an array of rows, each checked by its own fields' rules (a 400 names 'lines.2.quantity'), at least `min` of them. */
function linesRule(field: ResourceField): ZodType {
  const lines = field.lines;
  if (!lines) throw new Error(`Field '${field.label}' of kind lines declares no lines`);
  const row = z.object(
    Object.fromEntries(
      Object.entries(lines.fields)
        .filter(([, f]) => !f.readOnly)
        .map(([name, f]) => [name, ruleOf(f)]),
    ),
    {
      error: `Each ${lines.itemLabel?.toLowerCase() ?? 'line'} must be an object`,
    },
  );
  const min = lines.min ?? 0;
  return z
    .array(row, { error: `${field.label} must be a list` })
    .min(min, min === 1 ? `Add at least one ${lines.itemLabel?.toLowerCase() ?? 'line'}` : `Add at least ${min} ${field.label.toLowerCase()}`)
    .max(lines.max ?? 1000, `At most ${lines.max ?? 1000} ${field.label.toLowerCase()}`);
}

const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A number typed in a form may arrive as text: '12.50' is 12.5, anything else stays as it is for the rule to refuse. */
const numeric = (rule: ZodType) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v), rule);
const decimal = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(99_999_999.99, `${label} is too large`);
const wholeNumber = (label: string, min: number, max?: number) => {
  const base = z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, min === 0 ? `${label} must be 0 or more` : `${label} must be at least ${min}`);
  return max === undefined ? base : base.max(max, `${label} must be at most ${max}`);
};
