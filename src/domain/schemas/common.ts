import { z } from 'zod';
import { MAX_LIST_LIMIT } from '../constants.js';
import { hasAtMostTwoDecimals } from '../money.js';

/** A required, trimmed text field whose message names it: 'City name is required'. */
export const requiredText = (label: string, max = 500) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/**
 * One of a fixed list of values (a select on screen): left empty it is '<Label> is required', as a person
 * reads it; only a value outside the list is told what the API accepts.
 */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string, invalid = `${label} must be one of: ${values.join(', ')}`) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? `${label} is required` : invalid) });

export const money = (label: string, negativeMessage = `${label} cannot be negative`) =>
  z
    .number({ error: `${label} is required and must be a number` })
    .min(0, negativeMessage)
    .max(9_999_999_999.99, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} may have at most 2 decimals`);

export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
export const PHONE_MESSAGE = 'Please enter a valid phone number';
const isPhone = (v: string) => PHONE_PATTERN.test(v) && v.replace(/\D/g, '').length >= 6;
/** One message per problem: an empty phone is only 'required', a wrong one only 'Please enter a valid phone number'. */
export const phone = (label: string) =>
  requiredText(label, 30)
    .refine((v) => v === '' || isPhone(v), PHONE_MESSAGE)
    .meta({ pattern: PHONE_PATTERN.source }); // the API document shows the rule a refine hides

/** A phone number that may be left blank (saved as null). */
export const optionalPhone = (label: string) => optionalText(label, 30).refine((v) => v === undefined || isPhone(v), PHONE_MESSAGE);

export const email = (label: string) =>
  requiredText(label, 254)
    .pipe(z.email(`${label} must be a valid email address`))
    .transform((v) => v.toLowerCase());

/** An e-mail address that may be left blank (saved as null), stored in lower case. */
export const optionalEmail = (label: string) =>
  optionalText(label, 254)
    .refine((v) => v === undefined || z.email().safeParse(v).success, `${label} must be a valid email address`)
    .transform((v) => v?.toLowerCase());

/** Several texts (a declared 'list' field): blank entries are dropped first, so a form's empty box is no entry. */
export const textList = (label: string, required: boolean, max = 200) => {
  const entries = z
    .array(z.string({ error: `Each entry of ${label} must be text` }), { error: required ? `${label} is required` : `${label} must be a list` })
    .transform((list) => list.map((entry) => entry.trim()).filter(Boolean));
  const kept = z.array(z.string().max(max, `An entry of ${label} must be at most ${max} characters`)).max(500, `${label} may have at most 500 entries`);
  return required ? entries.pipe(kept.min(1, `${label} needs at least one entry`)) : entries.pipe(kept).default([]);
};

export const idParam = z.object({ id: z.string() });

/** An optional key in a query (a warehouse's id, an exact barcode): blank is absent; the service checks its form. */
export const optionalKey = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

/** Query of every list endpoint beyond what SPEC.md shows: page, limit, q, sort, order. */
export const listQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(10),
  q: z.string().trim().max(200).optional(),
  sort: z.string().trim().max(50).optional(),
  order: z.enum(['asc', 'desc'], { error: "order must be 'asc' or 'desc'" }).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** `sort` limited to the fields a list sorts by, so the API document lists them; anything else is a 400. */
export const sortParam = (fields: readonly string[]) =>
  z.enum(fields as [string, ...string[]], { error: `sort must be one of: ${fields.join(', ')}` }).optional();

/** The list query of a resource that sorts by `fields`. */
export const listQueryFor = (fields: readonly string[]) => listQuery.extend({ sort: sortParam(fields) });

/** Query flags arrive as strings: 'true'/'1' are true, anything else false. */
export const queryFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

export const errorBody = z.object({
  message: z.string(),
  /** Stable across languages and releases ('api.notFound', 'invalid_request'): what a client translates by. */
  code: z.string().optional(),
  /** `row`: the line of an imported file (POST /products/import). */
  errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string().optional(), row: z.number().int().optional() })).optional(),
  /** The request's id (also its X-Request-Id): what the log names it by. */
  request_id: z.string().optional(),
});
