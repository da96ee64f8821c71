import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyOfText, translateText } from '../../../src/domain/i18n/catalogue';
import { STOCK_FUNCTION_MESSAGES } from '../../../src/server/db/stock-function-messages';

/**
 * The stock SQL functions write their messages in SQL, where the key check (language-files.test.ts) cannot read them:
 * each must still be in the language files, so the API answers it in Hindi and a screen reads it in the user's language.
 */
const FUNCTIONS = path.resolve(__dirname, '../../../src/server/db/functions');
const FILES = ['00-common.sql', '20-stock-requests.sql', '30-batches.sql'];
const sql = FILES.map((file) => fs.readFileSync(path.join(FUNCTIONS, file), 'utf8')).join('\n');

/**
 * Texts a person reads: a capital, then words. Not the stock's messages: a ledger row's notes (data), SQL's own words,
 * and the refusal of the product's tracking switch (a product's message, src/server/services/product-tracking.ts).
 */
const NOT_MESSAGES = new Set([
  'Revalued from %s to %s a unit (%s → %s): %s',
  'Expired on %s',
  'Asia/Kolkata',
  'Sell or write off the dated batches of this product before it stops tracking expiry',
]);
const written = [...new Set([...sql.matchAll(/'([A-Z][^']*\s[^']*)'/g)].map((m) => m[1]!))].filter((text) => !NOT_MESSAGES.has(text));

/** A message as the functions write it ('%s' for each value), filled in with sample values. */
const filled = (format: string) => {
  let n = 0;
  return format.replace(/%s/g, () => `B-${++n}`);
};

describe("the stock functions' messages", () => {
  it('are listed as the SQL writes them', () => {
    for (const template of [...STOCK_FUNCTION_MESSAGES['20-stock-requests.sql'], ...STOCK_FUNCTION_MESSAGES['30-batches.sql']])
      expect(sql, template).toContain(template.replace(/\{\{\w+\}\}/g, '%s'));
  });

  it('are each in the language files, and read in Hindi', () => {
    expect(written.length).toBeGreaterThan(20);
    for (const format of written) {
      const text = filled(format);
      expect(keyOfText(text), text).toBeDefined();
      expect(translateText(text, 'hi'), text).not.toBe(text);
      // No English word left (the header's name and the sample values are kept as written).
      expect(translateText(text, 'hi').replace(/Idempotency-Key|B-\d/g, ''), text).not.toMatch(/[a-z]{3,}/i);
    }
  });
});
