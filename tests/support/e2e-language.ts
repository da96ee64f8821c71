import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UNITS } from '../../src/domain/constants.js';
import { APP_NAME, BUSINESS_NAME } from '../../src/app/config.js';
import { DEMO_LOGINS } from './e2e-browser.js';
import { api } from './e2e-crud.js';
import { inventoryRecords } from './e2e-stock.js';

const DAY_MS = 86_400_000;

/** Words that read the same in Hindi: codes and abbreviations people use as they are. */
const SAME_IN_HINDI = new Set([
  'GST',
  'GSTIN',
  'CGST',
  'SGST',
  'IGST',
  'SKU',
  'UPC',
  'EAN',
  'URL',
  'API',
  // The keyboard's key, as printed on it.
  'Enter',
  // The batch number the system gives stock held before it was kept in batches: a code.
  'OPENING',
  'HSN',
  'MRP',
  'CSV',
  'FEFO',
  'ID',
  'PO',
  'TR',
  'ST',
  'INR',
  'IST',
  'QR',
  'OK',
]);

/**
 * The data a screen may show in English because it was entered so: product, warehouse, city and user names, units,
 * categories, the product's name. Everything else in Latin letters on a Hindi screen is a text left untranslated.
 */
export async function dataWords(): Promise<string[]> {
  const records = await inventoryRecords();
  const listed = async <T>(path: string, key = 'data', limit = 1000) => {
    const { status, body } = await api<Record<string, T[] | undefined>>('GET', `${path}?limit=${limit}`);
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    return (body[key] ?? []) as T[];
  };
  const people = await listed<{ firstname: string; lastname: string; address?: string }>('/users', 'users');
  // Where things are, as typed: a city's state, district and wards; a warehouse's address and contact (the printed order).
  const cities = await listed<{ name: string; state: string; district: string; wards?: string[] }>('/cities');
  const places = await listed<{ name: string; city: string; address?: string; contact_person?: string }>('/warehouses');
  // A handling charge's type is named by the business ('Late night surcharge').
  const charges = await listed<{ charge_type: string }>('/handling-charges');
  // A role's name is its code ('warehouse-user', in the access policy's log); a role an admin added, its label too.
  const roles = await listed<{ name: string; label: string; builtin?: boolean }>('/roles');
  // Roles the access policy's log names, some since deleted (another test's 'store-auditor'), with the labels they had.
  type Logged = { signIn?: Record<string, boolean>; labels?: Record<string, string> };
  const logged = (await listed<{ before: Logged | null; after: Logged | null }>('/permissions/audit', 'data', 200))
    .flatMap((entry) => [entry.before, entry.after])
    .flatMap((policy) => [...Object.keys(policy?.signIn ?? {}), ...Object.values(policy?.labels ?? {})]);
  // A subcategory's GST type is typed too ('Exempt').
  const subcategories = await listed<{ gst_type?: string }>('/subcategories');
  // Products other e2e files made (the dashboard lists the newest), with or without stock.
  const products = await listed<{ productname: string; brand?: string }>('/products');
  // The references people typed on the ledger's rows (one without digits, 'INV-ONE'), and the names of records other
  // e2e files made and have since deleted, which the activity log and the reports still show: whichever files ran
  // before this one, in whatever order. (Not the rows' notes: a short one, 'Count', would hide that word left in English.)
  const movements = await listed<{ reference_id?: string | null }>('/inventory/movements');
  const history = await listed<{ record_label?: string | null }>('/history');
  // Categories are named by the business (the stock take's category picker shows them).
  const categories =
    (await api<{ MainCategories?: { category: string; subcategories: { name: string }[] }[] }>('GET', '/categories/main')).body.MainCategories ?? [];
  return [
    APP_NAME,
    BUSINESS_NAME,
    ...cities.flatMap((c) => [c.name, c.state, c.district, ...(c.wards ?? [])]),
    ...places.flatMap((w) => [w.address ?? '', w.contact_person ?? '']),
    ...people.map((u) => u.address ?? ''),
    ...charges.map((c) => c.charge_type),
    ...subcategories.map((s) => s.gst_type ?? ''),
    ...roles.flatMap((r) => [r.name, ...(r.builtin ? [] : [r.label])]),
    ...logged,
    // A record's shelf (location) is typed by the warehouse: 'Aisle B-4'.
    ...records.flatMap((r) => [r.product_name, r.warehouse_name, (r as { location?: string }).location ?? '']),
    ...places.flatMap((w) => [w.name, w.city]),
    ...people.flatMap((u) => [`${u.firstname} ${u.lastname}`, u.firstname, u.lastname]),
    ...products.flatMap((p) => [p.productname, p.brand ?? '']),
    ...categories.flatMap((c) => [c.category, ...c.subcategories.map((sub) => sub.name)]),
    ...movements.map((m) => m.reference_id ?? ''),
    ...history.map((h) => h.record_label ?? ''),
    ...UNITS,
  ].filter(Boolean);
}

/** The text a person reads on the screen: visible text, placeholders, and the accessible names of visible buttons and fields. */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const visible = (e: Element) => !!(e as HTMLElement).offsetParent || (e as HTMLElement).getClientRects().length > 0;
    // antd's icons and recharts' legend marks are named in English by those libraries (aria-label="shop", "legend icon");
    // the language switch names each language in its own words.
    const extra = [...document.querySelectorAll('input, textarea, button, [aria-label]')]
      .filter((e) => visible(e) && !e.classList.contains('anticon') && !e.classList.contains('language-switch') && !e.closest('svg'))
      .flatMap((e) => [(e as HTMLInputElement).placeholder ?? '', e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '']);
    // A code (a role's name, shown as code) reads the same in every language; a text marked translate="no" is kept as
    // someone typed it (a history entry's note).
    const kept = [...document.querySelectorAll('.language-switch, code, [translate="no"]')]
      .map((e) => (e as HTMLElement).innerText)
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    // E-mail addresses first (a role's code, 'admin', may begin one), not the marks around them.
    let text = document.body.innerText.replace(/[^\s⟦⟧]+@[^\s⟦⟧]+/g, ' ');
    for (const names of kept) text = text.split(names).join(' ');
    return [text, ...extra].join('\n');
  });
}

/**
 * The words in Latin letters of a text that are not data. Document numbers and references (PO-2026-00001, ORD-1042),
 * e-mails and codes are data too.
 */
function latinWordsLeft(shown: string, data: readonly string[], same: ReadonlySet<string>): string[] {
  // A record's id is a code (a select names its value by it until the value's label has loaded).
  let rest = shown
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\b[A-Z]{2,}-[A-Z0-9-]*\d[A-Z0-9-]*\b/g, ' ');
  // Data as whole words only: the unit 'g' must not eat the g of a word left in English.
  // A long text cut short in its cell ('Khasra 112, Amausi Industrial ...') is data when it begins a data text.
  rest = rest.replace(/[^\t\n]*?(?:\.\.\.|…)/g, (cell) => {
    const start = cell.replace(/(?:\.\.\.|…)$/, '').trim();
    return start.length >= 8 && data.some((text) => text.startsWith(start)) ? ' ' : cell;
  });
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const word of [...data].sort((a, b) => b.length - a.length)) rest = rest.replace(new RegExp(`(?<![A-Za-z])${escape(word)}(?![A-Za-z])`, 'g'), ' ');
  // A setting's name is a code ('BACKUP_EVERY').
  rest = rest.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ');
  // Then a word with digits in it is a code, and a tag of unique() (e2e-crud.ts: this run's time in base 36, then four
  // more) belongs to a name other tests made, listed or not (a product deleted since): 'mwzpczrsxjmu'.
  rest = rest.replace(/\b(?=[A-Za-z0-9]*\d)[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*\b/g, ' ');
  rest = rest.replace(/\b[a-z]{12}\b/g, (word) => (Math.abs(parseInt(word.slice(0, 8), 36) - Date.now()) < DAY_MS ? ' ' : word));
  const words = rest.match(/[A-Za-z][A-Za-z'’]{2,}/g) ?? [];
  return [...new Set(words.filter((w) => !same.has(w)))];
}

/** The English words on a Hindi screen that are not data: each is a text left untranslated. */
export async function englishLeft(page: Page, data: readonly string[]): Promise<string[]> {
  return latinWordsLeft(await screenText(page), data, SAME_IN_HINDI);
}

/**
 * The Hindi texts of a screen drawn in a face without Devanagari: each shows as boxes on a machine with no Devanagari
 * face of its own (a plain element that does not inherit the shipped Noto Sans Devanagari).
 */
export async function outsideDevanagariFace(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (!element || !/[\u0900-\u097F]/.test(text)) continue;
      if (!getComputedStyle(element).fontFamily.includes('Noto Sans Devanagari')) found.add(`${element.tagName}: ${text.trim().slice(0, 40)}`);
    }
    return [...found];
  });
}

/** The shipped Devanagari face's files the page has downloaded (none on a screen in English). */
export async function devanagariFaceDownloads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /noto-sans-devanagari.*\.woff2$/.test(path));
  });
}

/** English month and day names: dayjs writes dates in the pseudo language's English ('24 Nov 2026'), Hindi's in Hindi. */
const DATE_WORDS = new Set(
  Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 1))).flatMap((d) => [
    d.toLocaleString('en', { month: 'short', timeZone: 'UTC' }),
    d.toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
    d.toLocaleString('en', { weekday: 'short', timeZone: 'UTC' }),
    d.toLocaleString('en', { weekday: 'long', timeZone: 'UTC' }),
  ]),
);

/**
 * The lines of a screen in the pseudo language (en-XA, every translated text in ⟦ ⟧) with a word outside every mark
 * that is not data: each such word never went through a translation, it was hard-coded. Lines, not words, so that a
 * failure shows where.
 */
export async function untranslatedLeft(page: Page, data: readonly string[]): Promise<string[]> {
  let rest = await screenText(page);
  // Innermost first: a translated text may hold another (a message naming a translated label).
  for (let before = ''; before !== rest;) [before, rest] = [rest, rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')];
  const same = new Set([...SAME_IN_HINDI, ...DATE_WORDS]);
  const lines = rest.split('\n').filter((line) => latinWordsLeft(line, data, same).length > 0);
  return [...new Set(lines.map((line) => line.trim().replace(/\s+/g, ' ').slice(0, 120)))];
}

/**
 * What `read` finds once the screen has settled: waited for, not read once, since a text may still be on its way to
 * its translation (a select names its value by id until its label has loaded; a late answer).
 */
export async function leftOnceSettled(read: () => Promise<string[]>): Promise<string[]> {
  return expect
    .poll(read, { timeout: 3_000 })
    .toEqual([])
    .then(() => [])
    .catch(() => read());
}

/** The two widths the Hindi screens are read at: a desktop's, and a phone's (Devanagari runs longer). */
export const HINDI_WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/** The demo warehouse user signs in from the login page after picking Hindi there, and lands on the dashboard. */
export async function signInInHindi(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
  await page.getByRole('heading', { name: 'लॉगिन' }).waitFor();
  expect(await outsideDevanagariFace(page), 'the login page').toEqual([]);
  await page.getByPlaceholder('ईमेल या मोबाइल नंबर').fill(DEMO_LOGINS.warehouse.email);
  await page.getByPlaceholder('पासवर्ड', { exact: true }).fill(DEMO_LOGINS.warehouse.password);
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await page.waitForURL('**/admin-dashboard');
}
