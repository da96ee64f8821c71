import type { Page } from 'playwright-core';
import { UNITS } from '../../src/domain/constants.js';
import { APP_NAME } from '../../src/app/config.js';
import { api } from './e2e-crud.js';
import { inventoryRecords, warehouses } from './e2e-stock.js';

const DAY_MS = 86_400_000;

/** Words that read the same in Hindi: codes and abbreviations people use as they are. */
const SAME_IN_HINDI = new Set(['GST', 'SKU', 'HSN', 'MRP', 'CSV', 'FEFO', 'ID', 'PO', 'TR', 'ST', 'INR', 'IST', 'QR', 'OK']);

/**
 * The data a screen may show in English because it was entered so: product, warehouse, city and user names, units,
 * categories, the product's name. Everything else in Latin letters on a Hindi screen is a text left untranslated.
 */
export async function dataWords(): Promise<string[]> {
  const records = await inventoryRecords();
  const places = await warehouses();
  const people = (await api<{ users?: { firstname: string; lastname: string }[] }>('GET', '/users?limit=1000')).body.users ?? [];
  // Products other e2e files made (the dashboard lists the newest), with or without stock.
  const products = (await api<{ data?: { productname: string; brand?: string }[] }>('GET', '/products?limit=1000')).body.data ?? [];
  // Categories are named by the business (the stock take's category picker shows them).
  const categories =
    (await api<{ MainCategories?: { category: string; subcategories: { name: string }[] }[] }>('GET', '/categories/main')).body.MainCategories ?? [];
  return [
    APP_NAME,
    // A record's shelf (location) is typed by the warehouse: 'Aisle B-4'.
    ...records.flatMap((r) => [r.product_name, r.warehouse_name, (r as { location?: string }).location ?? '']),
    ...places.flatMap((w) => [w.name, w.city]),
    ...people.flatMap((u) => [`${u.firstname} ${u.lastname}`, u.firstname, u.lastname]),
    ...products.flatMap((p) => [p.productname, p.brand ?? '']),
    ...categories.flatMap((c) => [c.category, ...c.subcategories.map((sub) => sub.name)]),
    ...UNITS,
  ].filter(Boolean);
}

/**
 * The English words on the screen that are not data: visible text, placeholders, and the accessible names of visible
 * buttons and fields. Document numbers and references (PO-2026-00001, ORD-1042), e-mails and codes are data too.
 */
export async function englishLeft(page: Page, data: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const visible = (e: Element) => !!(e as HTMLElement).offsetParent || (e as HTMLElement).getClientRects().length > 0;
    // antd's icons and recharts' legend marks are named in English by those libraries (aria-label="shop", "legend icon");
    // the language switch names each language in its own words.
    const extra = [...document.querySelectorAll('input, textarea, button, [aria-label]')]
      .filter((e) => visible(e) && !e.classList.contains('anticon') && !e.classList.contains('language-switch') && !e.closest('svg'))
      .flatMap((e) => [(e as HTMLInputElement).placeholder ?? '', e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '']);
    const switches = [...document.querySelectorAll('.language-switch')].map((e) => (e as HTMLElement).innerText);
    let text = document.body.innerText;
    for (const names of switches) text = text.split(names).join(' ');
    return [text, ...extra].join('\n');
  });
  let rest = shown.replace(/\S+@\S+/g, ' ').replace(/\b[A-Z]{2,}-[A-Z0-9-]*\d[A-Z0-9-]*\b/g, ' ');
  // Data as whole words only: the unit 'g' must not eat the g of a word left in English.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const word of [...data].sort((a, b) => b.length - a.length)) rest = rest.replace(new RegExp(`(?<![A-Za-z])${escape(word)}(?![A-Za-z])`, 'g'), ' ');
  // Then a word with digits in it is a code, and a tag of unique() (e2e-crud.ts: this run's time in base 36, then four
  // more) belongs to a name other tests made, listed or not (a product deleted since): 'mwzpczrsxjmu'.
  rest = rest.replace(/\b(?=[A-Za-z0-9]*\d)[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*\b/g, ' ');
  rest = rest.replace(/\b[a-z]{12}\b/g, (word) => (Math.abs(parseInt(word.slice(0, 8), 36) - Date.now()) < DAY_MS ? ' ' : word));
  const words = rest.match(/[A-Za-z][A-Za-z'’]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !SAME_IN_HINDI.has(w)))];
}
