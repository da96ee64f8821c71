/**
 * What the stock SQL functions (functions/20-stock-requests.sql, 30-batches.sql) answer with that no TypeScript writes,
 * as the language files hold it ('%s' there is a {{name}} here). The API's error bodies take the request's language on
 * their way out (http/error-language.ts) and the screens read an answer's message in the user's; both find a message by
 * these words. tests/unit/i18n/stock-function-messages.test.ts checks the functions still write exactly these, and that
 * every message they write is in the language files.
 */
export const STOCK_FUNCTION_MESSAGES = [
  'Stock is already {{stock}}: nothing changed',
  'There is no stock of this product in this warehouse to revalue',
  'The value of this stock (quantity × unit cost) is too large',
  'The stock is already worth {{value}}: nothing changed',
  'Stock revalued',
  'Batch {{batch}} already has expiry date {{expiry}}: the same batch number needs the same expiry date',
  'Batch {{batch}} expired on {{date}}. Expired stock is never sold: receive it only to record it, and confirm.',
  'This batch has already expired',
  'Insufficient stock: only {{stock}} in batch {{batch}}, cannot remove {{quantity}}',
  'Batch {{batch}} is already {{stock}}: nothing changed',
  'No expired stock to write off',
  'Expired stock written off',
] as const;
