import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { txNow } from './texts';

/** Said of a value the schema refuses without a message of its own. */
const INVALID_VALUE = 'Invalid value';

/** The first message the shared zod schema gives for a value (English, as the API says it), or null when it passes. */
export function zodMessage(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? INVALID_VALUE);
}

/**
 * antd rules from one field of a shared zod schema, so the form says exactly what the API would
 * ('Please enter a valid 6-digit pincode'), in the user's language (the API answers in it too). Empty inputs reach
 * the schema as undefined, as a missing field would.
 */
export function zodRules(schema: ZodType): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const message = zodMessage(schema, value === null || value === '' ? undefined : value);
        if (message) throw new Error(txNow(message));
      },
    },
  ];
}
