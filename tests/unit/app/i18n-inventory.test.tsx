// @vitest-environment jsdom
import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FLAT, translateText } from '../../../src/domain/i18n/catalogue';
import { i18next } from '../../../src/app/i18n/i18n';
import AddInventoryPage from '../../../src/app/pages/inventory/stock/AddInventoryPage.js';
import { expiryText } from '../../../src/app/pages/inventory/batches/expiry-tone.js';
import { expiredQuestion } from '../../../src/app/pages/inventory/stock/use-confirm-expired.js';
import { stockErrorMessage } from '../../../src/app/pages/inventory/stock/use-stock-submit.js';
import { fakeScreenWidth } from './screen-width';

beforeAll(async () => {
  fakeScreenWidth(1440);
  await i18next.changeLanguage('hi');
});
afterEach(cleanup);
afterAll(async () => {
  await i18next.changeLanguage('en');
});

/** The English texts of this area's namespaces that carry no parameter: none may be left on a screen in Hindi. */
const ENGLISH = [...FLAT.en].filter(([key, text]) => /^(inventory|stock|batches)\./.test(key) && !text.includes('{{')).map(([, text]) => text);

const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: (async () => ({
    data: [{ _id: 'w1', id: 'w1', name: 'Andheri Dark Store', city_id: 'c1', city: 'Mumbai', status: 'active' }] as BaseRecord[],
    total: 1,
  })) as DataProvider['getList'],
  getOne: () => Promise.reject(new Error('not used')),
  create: () => Promise.reject(new Error('not used')),
  update: () => Promise.reject(new Error('not used')),
  deleteOne: () => Promise.reject(new Error('not used')),
  custom: (async () => ({ data: { data: [] } })) as unknown as DataProvider['custom'],
};

function renderAddInventory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['access', 'policy'], null);
  render(
    <MemoryRouter initialEntries={['/inventory-registration?warehouse_id=w1&city_id=c1']}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={{ can: async () => ({ can: true }) }}
          resources={[{ name: 'inventory', list: '/inventory' }, { name: 'warehouses' }, { name: 'sellers' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <AddInventoryPage />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** What a person reads: the text, and the boxes' placeholders and names. */
const readable = () =>
  [
    document.body.textContent ?? '',
    ...[...document.querySelectorAll('[placeholder]')].map((e) => e.getAttribute('placeholder') ?? ''),
    ...[...document.querySelectorAll('.ant-select-selection-placeholder')].map((e) => e.textContent ?? ''),
    ...[...document.querySelectorAll('input[aria-label], [role="group"][aria-label]')].map((e) => e.getAttribute('aria-label') ?? ''),
  ].join('\n');

describe('inventory in Hindi', () => {
  it('receives stock on a screen with no English sentence left', async () => {
    renderAddInventory();
    await screen.findByRole('heading', { name: 'इन्वेंटरी जोड़ें' });
    await screen.findByText('Andheri Dark Store में स्टॉक प्राप्त हो रहा है');
    for (const text of ['उत्पाद', 'गोदाम', 'मौजूदा स्टॉक', 'इन्वेंटरी विवरण', 'मात्रा', 'इकाई लागत', 'बदलाव का कारण', 'संदर्भ ID', 'टिप्पणी', 'विक्रेता']) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByRole('button', { name: 'स्टॉक जोड़ें' })).toBeTruthy();
    expect(screen.getByText('मौजूदा स्टॉक देखने के लिए गोदाम और उत्पाद चुनें।')).toBeTruthy();
    const shown = readable();
    expect(shown).toContain('क्या हुआ और क्यों');
    for (const english of ENGLISH) expect(shown.includes(english), english).toBe(false);
    // Only data and codes in Latin letters: the warehouse's name, and the example reference.
    expect(shown.replace(/Andheri Dark Store|INV-2024-001/g, '').match(/[A-Za-z]{3,}/g)).toBeNull();
  });

  it('words expiries, questions and refusals in Hindi, and keeps English when asked for it', () => {
    expect(expiryText(-3, 'hi')).toBe('3 दिन पहले समाप्त');
    expect(expiryText(0, 'hi')).toBe('आज समाप्त');
    expect(expiryText(1, 'hi')).toBe('1 दिन में समाप्त');
    expect(expiryText(1)).toBe('Expires in 1 day');
    expect(expiryText(-1_500)).toBe('Expired 1,500 days ago');
    expect(expiredQuestion('2026-11-20', 'hi')).toBe('यह बैच 20 नव॰ 2026 को समाप्त हो गया। इसे दर्ज किया जाएगा, पर कभी बेचा नहीं जाएगा।');
    // The API's words arrive in Hindi already (Accept-Language); the screen's prefix follows them, once.
    expect(stockErrorMessage({ statusCode: 400, message: 'विक्रेता नहीं मिला' }, 'hi')).toBe('सत्यापन त्रुटि: विक्रेता नहीं मिला');
    expect(stockErrorMessage({ statusCode: 400, message: 'सत्यापन त्रुटि: विक्रेता नहीं मिला' }, 'hi')).toBe('सत्यापन त्रुटि: विक्रेता नहीं मिला');
    expect(stockErrorMessage({ statusCode: 400, message: 'Seller not found' })).toBe('Validation error: Seller not found');
  });

  it("answers the API's stock refusals in Hindi, the rule's field included", () => {
    expect(translateText('Validation error: New stock must be a whole number, 0 or more', 'hi')).toBe(
      'सत्यापन त्रुटि: नया स्टॉक 0 या उससे अधिक की पूर्ण संख्या होनी चाहिए',
    );
    expect(translateText('Insufficient stock: only 4 in stock, cannot remove 9', 'hi')).toBe('पर्याप्त स्टॉक नहीं: स्टॉक में केवल 4 है, 9 नहीं निकाल सकते');
    expect(translateText('Batch not found', 'hi')).toBe('बैच नहीं मिला');
    expect(translateText('Quantity must be at most 100000', 'hi')).toBe('मात्रा अधिकतम 100000 होना चाहिए');
    expect(translateText('Barcode must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)', 'hi')).toBe(
      'बारकोड 8, 12 या 13 अंकों का होना चाहिए (EAN-8, UPC-A या EAN-13)',
    );
  });
});
