import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/** The first message the shared zod schema gives for a value, or null when it passes. */
export function zodMessage(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * antd rules from one field of a shared zod schema, so the form says exactly what the API would
 * ('Please enter a valid 6-digit pincode'). Empty inputs reach the schema as undefined, as a missing field would.
 */
export function zodRules(schema: ZodType): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const message = zodMessage(schema, value === null || value === '' ? undefined : value);
        if (message) throw new Error(message);
      },
    },
  ];
}
