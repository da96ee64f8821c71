import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyOfText, translateText } from '../../../src/domain/i18n/catalogue';
import { functionsFolder } from '../../../src/server/db/functions';
import { STOCK_FUNCTION_MESSAGES } from '../../../src/server/db/stock-function-messages';

/** A function's SQL with its string concatenations ('…' || '…') joined, as the message reads once built. */
const joined = (file: string) => fs.readFileSync(path.join(functionsFolder, file), 'utf8').replace(/'\s*\|\|\s*'/g, '');

/** The message as the function's format() writes it: a value is %s ('unexpired ' too, for a product held in batches). */
const asFormat = (message: string) =>
  message
    .replace(/\{\{\s*\w+\s*\}\}/g, '%s')
    .replace('Not enough unexpired stock', 'Not enough %sstock')
    .replace('Not enough stock', 'Not enough %sstock');

describe("the stock-take and transfer functions' messages", () => {
  const messagesOf = { '40-stock-takes.sql': STOCK_FUNCTION_MESSAGES['40-stock-takes.sql'], '50-transfers.sql': STOCK_FUNCTION_MESSAGES['50-transfers.sql'] };
  for (const [file, messages] of Object.entries(messagesOf)) {
    it(`are still what ${file} writes`, () => {
      const sql = joined(file);
      for (const message of messages) expect(sql.includes(asFormat(message)), message).toBe(true);
    });
  }

  it('each have their key in the language files, and read in Hindi', () => {
    for (const message of Object.values(messagesOf).flat()) {
      expect(keyOfText(message)?.key, message).toMatch(/^(stockTakes|transfers)\.api\./);
    }
    expect(translateText('Stock take applied: 3 adjustment(s) posted', 'hi')).toBe('स्टॉक गिनती लागू हुई: 3 समायोजन दर्ज हुए');
    expect(translateText('This transfer is partially received: it cannot be dispatched', 'hi')).toBe(
      'यह स्थानांतरण आंशिक रूप से प्राप्त है: अब यह कार्य (भेजा गया) नहीं हो सकता',
    );
    expect(translateText('Not enough unexpired stock of Toor Dal 1kg in Pune West: 4 available, 6 to dispatch. Nothing was dispatched.', 'hi')).toBe(
      'Pune West में Toor Dal 1kg का पर्याप्त बिना-समाप्त स्टॉक नहीं है: 4 उपलब्ध, 6 भेजने हैं। कुछ भी नहीं भेजा गया।',
    );
  });
});
