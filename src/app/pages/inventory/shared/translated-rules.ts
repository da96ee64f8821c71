import type { FormRule } from 'antd';
import type { ZodType } from 'zod';
import { zodMessage } from '../../../crud/zod-rules';

/**
 * antd rules from one field of a shared zod schema (as zodRules), its message in the user's language: the schema keeps
 * the API's English, `tx` finds its words in the language files.
 */
export function translatedRules(schema: ZodType, tx: (text: string) => string): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const message = zodMessage(schema, value === null || value === '' ? undefined : value);
        if (message) throw new Error(tx(message));
      },
    },
  ];
}
