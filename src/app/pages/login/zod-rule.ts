import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/** An antd form rule that reports the shared zod schema's first message, so the SPA and API say the same. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}
