// @vitest-environment jsdom
import { Refine, type AccessControlProvider, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../../src/app/i18n/i18n.js';
import { openTakeMessage } from '../../../src/app/pages/stock-takes/OpenTakeAlert.js';
import StockTakePage from '../../../src/app/pages/stock-takes/StockTakePage.js';
import type { StockTake, StockTakePage as StockTakeAnswer } from '../../../src/app/pages/stock-takes/types.js';
import TransferPage from '../../../src/app/pages/transfers/TransferPage.js';
import type { TransferDetail } from '../../../src/app/pages/transfers/types.js';
import { plainQueryRouterProvider as routerProvider } from '../../../src/app/providers/router-provider.js';
import { FLAT, translateText } from '../../../src/domain/i18n/catalogue.js';
import { fakeScreenWidth } from './screen-width';

/**
 * Issue 34, the counts area (stock takes and transfers) in Hindi: the screens a warehouse user counts and moves stock
 * on, with no English text of the area left; and the API's words for the same steps.
 */
beforeAll(async () => {
  fakeScreenWidth(1440);
  await i18next.changeLanguage('hi');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});
afterEach(cleanup);

const WAREHOUSE = 'Pune West Warehouse';

const transfer: TransferDetail = {
  _id: 't1',
  number: 7,
  reference: 'TR-2026-00007',
  status: 'partially_received',
  notes: 'Festival stock',
  from_warehouse_id: 'w1',
  from_warehouse_name: 'Pune Central Warehouse',
  to_warehouse_id: 'w2',
  to_warehouse_name: WAREHOUSE,
  created_by_name: 'Aarti Verma',
  dispatched_by_name: 'Aarti Verma',
  received_by_name: 'Rakesh Sharma',
  cancelled_by_name: null,
  cancelled_at: null,
  created: '2026-11-20T04:30:00.000Z',
  dispatched_at: '2026-11-21T04:30:00.000Z',
  received_at: '2026-11-22T04:30:00.000Z',
  modified: '2026-11-22T04:30:00.000Z',
  lines: [
    {
      product_id: 'p-curd',
      product_name: 'Fresh Curd 400 g',
      sku: 'DRY-0001',
      tracks_expiry: true,
      quantity: 10,
      dispatched: 10,
      received: 6,
      returned: 0,
      damaged: 1,
      in_transit: 3,
      unit_cost: 40,
      in_transit_value: 120,
      batches: [{ batch_no: 'B-101', expiry_date: '2026-12-05', mfg_date: null, dispatched: 10, received: 6, returned: 0, damaged: 1, in_transit: 3 }],
    },
  ],
  in_transit_quantity: 3,
  in_transit_value: 120,
  history: [
    { action: 'created', status: 'draft', performed_by_name: 'Aarti Verma', note: '', at: '2026-11-20T04:30:00.000Z', lines: null },
    {
      action: 'dispatched',
      status: 'dispatched',
      performed_by_name: 'Aarti Verma',
      note: '',
      at: '2026-11-21T04:30:00.000Z',
      lines: [{ product_id: 'p-curd', quantity: 10 }],
    },
    {
      action: 'received',
      status: 'partially_received',
      performed_by_name: 'Rakesh Sharma',
      note: '',
      at: '2026-11-22T04:30:00.000Z',
      lines: [{ product_id: 'p-curd', quantity: 6, damaged: 1 }],
    },
  ],
};

const take: StockTakeAnswer = {
  _id: 's1',
  warehouse_id: 'w2',
  warehouse_name: WAREHOUSE,
  category_id: null,
  category_name: null,
  blind: false,
  status: 'open',
  created_by_name: 'Rakesh Sharma',
  applied_at: null,
  created: '2026-11-22T04:30:00.000Z',
  lines_total: 2,
  lines_counted: 1,
  expected_hidden: false,
  lines: [
    {
      product_id: 'p-rice',
      productname: 'Basmati Rice 5 kg',
      sku: 'GRC-0002',
      barcode: null,
      expected: 12,
      counted: 10,
      variance: -2,
      unit_cost: 500,
      variance_value: -1000,
      counted_by_name: 'Rakesh Sharma',
      counted_at: '2026-11-22T05:30:00.000Z',
    },
    {
      product_id: 'p-dal',
      productname: 'Toor Dal 1 kg',
      sku: 'GRC-0003',
      barcode: null,
      expected: 4,
      counted: null,
      variance: null,
      unit_cost: 150,
      variance_value: null,
      counted_by_name: null,
      counted_at: null,
    },
  ],
  totals: { lines: 2, counted: 1, not_counted: 1, variances: 1, variance_quantity: -2, variance_value: -1000 },
  page: 1,
  limit: 50,
  lines_matching: 2,
};

/** The API as these two screens ask it: one transfer, one stock take (its header and its pages of lines alike). */
const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: (async () => ({ data: [], total: 0 })) as DataProvider['getList'],
  getOne: (async () => {
    throw new Error('not used');
  }) as DataProvider['getOne'],
  create: (async () => {
    throw new Error('not used');
  }) as DataProvider['create'],
  update: (async () => {
    throw new Error('not used');
  }) as DataProvider['update'],
  deleteOne: (async () => {
    throw new Error('not used');
  }) as DataProvider['deleteOne'],
  custom: (async ({ url, query }) => {
    if (url === '/transfers/t1') return { data: transfer };
    if (url === '/stock-takes/s1') {
      const uncounted = (query as { uncounted?: boolean } | undefined)?.uncounted;
      return { data: uncounted ? { ...take, lines: take.lines.filter((l) => l.counted === null) } : take };
    }
    throw new Error(`not stubbed: ${url}`);
  }) as DataProvider['custom'],
};

/** Every step allowed (costs seen too), but History: its panel is another area's. */
const accessControlProvider: AccessControlProvider = { can: async ({ resource }) => ({ can: resource !== 'history' }) };

function renderAt(path: string, route: string, page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={accessControlProvider}
          resources={[{ name: 'transfers' }, { name: 'stock-takes' }]}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            <Route path={route} element={page} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** Every text of the area without data in it, as English: none may be read on a Hindi screen. */
const ENGLISH = [...FLAT.en].filter(([key, text]) => /^(stockTakes|transfers)\./.test(key) && !text.includes('{{')).map(([, text]) => text);

const wordsOf = (text: string) => new RegExp(`(^|[^A-Za-z])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`);

/** What a person reads on the page: its text, and the labels, placeholders and titles of its elements. */
function readable(): string {
  const attributes = [...document.body.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', ...attributes].join('\n');
}

/** Data of the fixtures, as entered: English words in it ('Pune West Warehouse') are not texts of ours. */
const DATA = [WAREHOUSE, 'Pune Central Warehouse', 'Fresh Curd 400 g', 'Basmati Rice 5 kg', 'Toor Dal 1 kg', 'Festival stock'];

function expectNoEnglish() {
  const text = DATA.reduce((left, data) => left.split(data).join(' '), readable());
  expect(ENGLISH.filter((english) => wordsOf(english).test(text))).toEqual([]);
}

describe('the counts area in Hindi', () => {
  it("a transfer in transit: its heading, figures, receive form and status history, and the receipt's confirmation", async () => {
    renderAt('/transfers/t1', '/transfers/:id', <TransferPage />);
    await screen.findByRole('heading', { name: /स्थानांतरण TR-2026-00007/ });
    expect(screen.getAllByText('आंशिक रूप से प्राप्त').length).toBeGreaterThan(0);
    expect(screen.getByRole('columnheader', { name: 'अभी प्राप्त करें' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ख़राब' })).toBeTruthy();
    expect(screen.getByTestId('transfer-in-transit').textContent).toMatch(/^3 इकाई · ₹120\.00$/);
    expect(screen.getByText(/समाप्ति 2026-12-05/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /स्थानांतरण बंद करें/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Fresh Curd 400 g प्राप्त करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'स्थानांतरण रद्द करें' })).toBeTruthy();
    const history = screen.getByRole('list', { name: 'स्थिति इतिहास' });
    expect(within(history).getByText('भेजा गया')).toBeTruthy();
    expect(within(history).getAllByText(/10 इकाई/).length).toBe(1);
    expect(within(history).getByText(/6 इकाई, 1 ख़राब दर्ज/)).toBeTruthy();
    expectNoEnglish();

    fireEvent.click(screen.getByRole('button', { name: 'प्राप्त करें' }));
    await screen.findByText('ये मात्राएँ प्राप्त करें?');
    expect(screen.getByText(`3 इकाई ${WAREHOUSE} में जाएँगी।`)).toBeTruthy();
    expectNoEnglish();
  });

  it('a stock take being counted: the count sheet, then the review with its totals and the lines nobody counted', async () => {
    renderAt('/stock-takes/s1', '/stock-takes/:id', <StockTakePage />);
    await screen.findByRole('heading', { name: new RegExp(`स्टॉक गिनती: ${WAREHOUSE}`) });
    expect(screen.getByText('गिनती जारी')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'गिनती' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'स्टॉक गिनती लागू करें' })).toBeTruthy();
    expect(screen.getByPlaceholderText('बारकोड स्कैन करें, या SKU या नाम लिखकर Enter दबाएँ')).toBeTruthy();
    await screen.findByRole('textbox', { name: 'Toor Dal 1 kg की गिनती' });
    expect(screen.getByRole('columnheader', { name: 'अपेक्षित' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'किसने गिना' })).toBeTruthy();
    expectNoEnglish();

    fireEvent.click(screen.getByRole('tab', { name: 'समीक्षा' }));
    await screen.findByText('गिनी गई पंक्तियाँ');
    expect(screen.getByRole('switch', { name: 'केवल अंतर वाली' })).toBeTruthy();
    await screen.findByText('हर उत्पाद की गिनती के समय की औसत लागत पर');
    await screen.findByText('नहीं गिने गए (1): Toor Dal 1 kg। लागू करने पर ये नहीं बदलेंगे।');
    expect(screen.getByRole('button', { name: 'शून्य गिनें' })).toBeTruthy();
    expectNoEnglish();
  });

  it("says which open stock take is in the way as the API does, and the API's refusals of the area read in Hindi", () => {
    const open = { ...take, category_name: 'Staples', created_by_name: 'Rakesh Sharma' } as StockTake;
    const message = openTakeMessage(open, i18next.t);
    expect(message).toMatch(new RegExp(`^${WAREHOUSE} में Staples की एक स्टॉक गिनती अभी खुली है \\(.+ को Rakesh Sharma ने शुरू की\\)`));
    const english = `A stock take of Staples in ${WAREHOUSE} is still open (started 22 Nov 2026 10:00 by Rakesh Sharma): apply or cancel it before starting another that counts the same products.`;
    expect(translateText(english, 'hi')).toBe(
      `${WAREHOUSE} में Staples की एक स्टॉक गिनती अभी खुली है (22 Nov 2026 10:00 को Rakesh Sharma ने शुरू की): यही उत्पाद गिनने वाली नई गिनती शुरू करने से पहले उसे लागू या रद्द करें।`,
    );
    expect(translateText('This stock take is applied: counts can no longer change', 'hi')).toBe('यह स्टॉक गिनती लागू हो चुकी है: अब गिनती नहीं बदली जा सकती');
    expect(translateText('This transfer is partially received: it can no longer be edited', 'hi')).toBe(
      'यह स्थानांतरण आंशिक रूप से प्राप्त है: अब इसे संपादित नहीं किया जा सकता',
    );
    expect(translateText('Stock take not found', 'hi')).toBe('स्टॉक गिनती नहीं मिली');
    expect(translateText('Quantity must be a whole number of 1 or more', 'hi')).toBe('मात्रा 1 या उससे अधिक की पूर्ण संख्या होनी चाहिए');
    expect(translateText('From warehouse is required', 'hi')).toBe('भेजने वाला गोदाम आवश्यक है');
  });
});
