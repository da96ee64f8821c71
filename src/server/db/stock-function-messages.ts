/**
 * What the stock SQL functions (src/server/db/functions/*.sql) answer with that no TypeScript writes, by the file that
 * writes it, as the language files hold it: `{{name}}` where the function fills in a value ('%s'). The API's error
 * bodies take the request's language on their way out (http/error-language.ts) and the screens read an answer's message
 * in the user's; both find a message by these words, and the language files' check (tests/unit/i18n/language-files.test.ts)
 * reads TypeScript only: here it finds them. tests/unit/i18n/stock-function-messages.test.ts and
 * stock-take-transfer-messages.test.ts check that the functions still write exactly these.
 */
export const STOCK_FUNCTION_MESSAGES = {
  '20-stock-requests.sql': [
    'Stock is already {{stock}}: nothing changed',
    'There is no stock of this product in this warehouse to revalue',
    'The value of this stock (quantity × unit cost) is too large',
    'The stock is already worth {{value}}: nothing changed',
    'Stock revalued',
  ],
  '30-batches.sql': [
    'Batch {{batch}} already has expiry date {{expiry}}: the same batch number needs the same expiry date',
    'Batch {{batch}} expired on {{date}}. Expired stock is never sold: receive it only to record it, and confirm.',
    'This batch has already expired',
    'Insufficient stock: only {{stock}} in batch {{batch}}, cannot remove {{quantity}}',
    'Batch {{batch}} is already {{stock}}: nothing changed',
    'No expired stock to write off',
    'Expired stock written off',
  ],
  '40-stock-takes.sql': [
    // Also notFound('Stock take') (stock-take-service.ts): a text of its own, as गिनती is feminine.
    'Stock take not found',
    'This stock take was cancelled: it cannot be applied',
    '{{product}} was corrected by another stock take applied on {{date}}, after this one started: these counts no longer match the stock. Nothing was applied; cancel this stock take and count again.',
    '{{product}}: counted {{counted}} against {{expected}} expected at the start, but only {{now}} are in stock now ({{moved}} moved out since the start): the stock would go below 0. Nothing was applied; recount this product.',
    '{{product}}: stock cannot exceed 100000000 units of one product in one warehouse',
    'Stock take applied: {{n}} adjustment(s) posted',
  ],
  '50-transfers.sql': [
    'This transfer is {{status}}: it cannot be {{action}}',
    'This warehouse is inactive: it cannot send a transfer',
    'This warehouse is inactive: it cannot receive a transfer',
    'The destination must be another warehouse than the source',
    'This product is listed twice',
    'This product is not on this transfer',
    '{{product}}: only {{open}} in transit, cannot receive {{quantity}}',
    'Enter a received quantity for at least one product',
    'Say what happened to the units that did not arrive',
    '{{product}}: stock cannot exceed 100000000 units of one product in one warehouse',
    'Batch {{batch}} of this product already has another expiry date in the receiving warehouse: correct that batch first',
    // One format in the function: 'Not enough %sstock of …', with 'unexpired ' for a product held in batches.
    'Not enough unexpired stock of {{product}} in {{warehouse}}: {{available}} available, {{quantity}} to dispatch. Nothing was dispatched.',
    'Not enough stock of {{product}} in {{warehouse}}: {{available}} available, {{quantity}} to dispatch. Nothing was dispatched.',
    'Only {{available}} of {{product}} available',
  ],
} as const;
