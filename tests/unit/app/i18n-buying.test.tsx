// @vitest-environment jsdom
import '../../../src/app/i18n/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../../src/app/i18n/i18n';
import { formatAge, formatPeriod } from '../../../src/app/pages/backups/backup-format';
import { dependencyNoteText } from '../../../src/app/pages/permissions/matrix-toggle';
import { ENGLISH_NAMES, actionName, type PermissionNames } from '../../../src/app/pages/permissions/names';
import { diffPolicies } from '../../../src/app/pages/permissions/policy-diff';
import LandingPage from '../../../src/app/pages/public/LandingPage';
import { PurchaseOrderSheet } from '../../../src/app/pages/purchase-orders/PurchaseOrderSheet';
import { supplyText, taxTotals, type Translate } from '../../../src/app/pages/purchase-orders/TaxSummary';
import type { PurchaseOrder } from '../../../src/app/pages/purchase-orders/types';
import { FLAT, translateText } from '../../../src/domain/i18n/catalogue';
import { fakeScreenWidth } from './screen-width';

/**
 * The buying screens in Hindi (issue 34): purchase orders and their printable sheet, replenishment, permissions, backups
 * and the public pages. A rendered screen holds no English text of its namespaces; the pure parts and the API's
 * messages read in Hindi; the same parts read in English exactly as before.
 */
const AREA = /^(purchaseOrders|replenishment|permissions|backups|public)\./;

/** The English of the area's texts that differ in Hindi, in pieces long enough to be a sentence's (a template's words between its values). */
const ENGLISH_PIECES = [...FLAT.en]
  .filter(([key, english]) => AREA.test(key) && english !== FLAT.hi!.get(key))
  .flatMap(([, english]) => english.split(/\{\{\s*\w+\s*\}\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 8 && /[a-z]{3}/.test(piece));

/** The English pieces left in a screen's text once its data (names as entered: 'Pune Central Warehouse') is taken out. */
const englishLeft = (text: string, data: readonly string[] = []) => {
  const words = data.reduce((rest, value) => rest.split(value).join(' '), text);
  return ENGLISH_PIECES.filter((piece) => words.includes(piece));
};
const t: Translate = (key, params) => i18next.t(key, params ?? {});

const order: PurchaseOrder = {
  _id: 'po1',
  number: 'PO-2026-00007',
  seller_id: 's1',
  seller_name: 'Omkar Deshmukh',
  warehouse_id: 'w1',
  warehouse_name: 'Pune Central Warehouse',
  expected_on: '2026-11-28',
  status: 'draft',
  notes: 'Created from replenishment suggestions',
  lines: [
    {
      _id: 'l1',
      product_id: 'p1',
      product_name: 'Toor Dal 1 kg',
      quantity: 12,
      received_quantity: 0,
      returned_quantity: 0,
      due_quantity: 12,
      gst_rate: 5,
      hsn_code: '0713',
      unit_cost: 110,
      amount: 1320,
    },
  ],
  units: 12,
  amount: 1320,
  taxes: {
    supply: 'intra',
    seller_state: 'Maharashtra',
    warehouse_state: 'Maharashtra',
    rates: [{ rate: 5, taxable: 1320, cgst: 33, sgst: 33, igst: 0, tax: 66 }],
    taxable: 1320,
    cgst: 33,
    sgst: 33,
    igst: 0,
    tax: 66,
    total: 1386,
  },
  created: '2026-11-24T06:30:00.000Z',
};
const seller = { name: 'Omkar Deshmukh', phone: '9000000009', gst: '27ABCDE1008F1Z5', city: 'Pune' };
const warehouse = { name: 'Pune Central Warehouse', city: 'Pune', contact: 'Rakesh Sharma', phone: '+91 98290 11223' };

beforeAll(() => fakeScreenWidth(1440));
afterEach(cleanup);
afterAll(() => i18next.changeLanguage('en'));

describe('the buying screens in Hindi', () => {
  beforeAll(() => i18next.changeLanguage('hi'));

  it('prints a purchase order in Hindi, its data (names, numbers, money) as entered', () => {
    const { container } = render(<PurchaseOrderSheet order={order} business="Grocery Delivery" seller={seller} warehouse={warehouse} statusLabel="ड्राफ़्ट" />);
    const text = container.textContent ?? '';
    for (const hindi of ['ख़रीद आदेश', 'विक्रेता', 'डिलीवरी का पता', 'फ़ोन 9000000009', 'संपर्क Rakesh Sharma', 'इकाई लागत', 'कर योग्य राशि', 'अधिकृत हस्ताक्षरकर्ता']) {
      expect(text).toContain(hindi);
    }
    expect(text).toContain('ड्राफ़्ट: अभी ऑर्डर नहीं दिया गया');
    expect(text).toContain('Grocery Delivery की ओर से');
    // The note the server wrote in English reads in Hindi; money and numbers stay en-IN.
    expect(text).toContain('पुनः भंडारण के सुझावों से बनाया गया');
    expect(text).toContain('₹1,386.00');
    expect(text).toContain('PO-2026-00007');
    expect(screen.getByRole('table', { name: 'दर के अनुसार GST' })).toBeTruthy();
    expect(englishLeft(text, [warehouse.name])).toEqual([]);
  });

  it('shows the landing page, its header and footer in Hindi, with the language switch', () => {
    const { container } = render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const text = container.textContent ?? '';
    for (const hindi of ['हमारे बारे में', 'हमसे संपर्क करें', 'सुबह 9:00 से रात 8:00 बजे तक, सोमवार से शनिवार', 'नियम और शर्तें', 'गोपनीयता नीति', 'स्टाफ़ लॉगिन']) {
      expect(text).toContain(hindi);
    }
    expect(screen.getByRole('navigation', { name: 'भाग' }).textContent).toBe('होमपरिचयसंपर्क');
    expect((screen.getByRole('combobox', { name: 'भाषा' }) as HTMLSelectElement).value).toBe('hi');
    expect(englishLeft(text)).toEqual([]);
  });

  it('words the GST split, backup ages and periods, and the permission changes in Hindi', () => {
    expect(supplyText(order.taxes!, t)).toBe('Maharashtra के भीतर: CGST + SGST');
    expect(taxTotals({ ...order.taxes!, supply: 'inter' }, t).map((x) => x.label)).toEqual(['कर योग्य राशि', 'IGST', 'कुल']);
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(formatAge('2026-11-24T11:48:00Z', t, now)).toBe('12 मिनट पहले');
    expect(formatAge('2026-11-21T12:00:00Z', t, now)).toBe('3 दिन पहले');
    expect(formatPeriod(6 * 3600, t)).toBe('हर 6 घंटे');
    expect(formatPeriod(86_400, t)).toBe('हर दिन');

    const hindi: PermissionNames = {
      t,
      tx: (text) => translateText(text, 'hi'),
      resource: (resource) => (resource === 'cities' ? 'शहर सूची' : resource),
      action: (action) => actionName(action, t),
      permission: (resource, action) => `${resource === 'cities' ? 'शहर सूची' : resource} — ${actionName(action, t)}`,
    };
    const note = {
      role: 'warehouse-user',
      granted: true,
      cause: [{ resource: 'cities', action: 'edit' }],
      also: [{ resource: 'cities', action: 'show' }],
    } as const;
    expect(dependencyNoteText({ ...note, cause: [...note.cause], also: [...note.also] }, hindi)).toBe(
      'गोदाम उपयोगकर्ता के लिए शहर सूची — देखें पर भी टिक लगाया: शहर सूची — संपादित करें के लिए यह ज़रूरी है।',
    );
    const before = { signIn: { 'sub-admin': false }, grants: { 'sub-admin': {} }, scope: {} };
    const after = { signIn: { 'sub-admin': true }, grants: { 'sub-admin': { cities: ['list'] } }, scope: { 'sub-admin': { inventory: 'assigned' } } };
    expect(diffPolicies(before, after, hindi).map((c) => c.text)).toEqual([
      'sub-admin: inventory का दायरा सौंपे गए किया गया',
      '+ sub-admin: साइन इन कर सकते हैं',
      '+ sub-admin: शहर सूची — सूची',
    ]);
  });

  it("answers the area's API messages in Hindi, translating our words inside them and keeping data", () => {
    const hi = (english: string) => translateText(english, 'hi');
    expect(hi("This purchase order is partially received: 'Place Order' is not possible")).toBe("यह ख़रीद आदेश आंशिक रूप से प्राप्त है: 'ऑर्डर दें' संभव नहीं है");
    expect(hi('This purchase order is received: it can no longer be changed')).toBe('यह ख़रीद आदेश प्राप्त है: अब इसे बदला नहीं जा सकता');
    expect(hi('Only 7 due')).toBe('केवल 7 बाक़ी');
    expect(hi('Purchase order not found')).toBe('ख़रीद आदेश नहीं मिला');
    expect(hi('This role is held by 3 users. Give them another role before deleting it.')).toBe(
      'यह भूमिका 3 उपयोगकर्ताओं के पास है। इसे हटाने से पहले उन्हें कोई और भूमिका दें।',
    );
    expect(hi('Warehouse is required')).toBe('गोदाम आवश्यक है');
    expect(hi("Product 'GRC-0099' not found (by SKU, barcode or name)")).toBe("उत्पाद 'GRC-0099' नहीं मिला (SKU, बारकोड या नाम से)");
    expect(hi('A backup is already running: wait for it to finish.')).toBe('एक बैकअप पहले से चल रहा है: उसके पूरा होने तक रुकें।');
  });
});

describe('the same parts in English', () => {
  beforeAll(() => i18next.changeLanguage('en'));

  it('read word for word as before', () => {
    expect(supplyText({ ...order.taxes!, supply: 'inter', seller_state: null }, t)).toBe('Across states (state unknown → Maharashtra): IGST');
    expect(formatAge('2026-11-24T07:00:00Z', t, Date.parse('2026-11-24T12:00:00Z'))).toBe('5 h ago');
    expect(formatPeriod(30 * 60, t)).toBe('every 30 min');
    expect(formatPeriod(2 * 86_400, t)).toBe('every 2 days');
    const note = {
      role: 'warehouse-user',
      granted: false,
      cause: [{ resource: 'cities', action: 'list' as const }],
      also: [{ resource: 'cities', action: 'show' as const }],
    };
    expect(dependencyNoteText(note as Parameters<typeof dependencyNoteText>[0], ENGLISH_NAMES)).toBe(
      'Also unticked cities show for Warehouse User: it needs cities list.',
    );
  });
});
