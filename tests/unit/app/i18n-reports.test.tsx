// @vitest-environment jsdom
import { Refine, type AccessControlProvider, type AuthProvider, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../../src/app/i18n/i18n.js';
import DashboardPage from '../../../src/app/pages/dashboard/DashboardPage.js';
import { SummaryView } from '../../../src/app/pages/reports/inventory-report/SummaryView.js';
import { localisedCsv, reportCsv } from '../../../src/app/pages/reports/inventory-report/report-csv.js';
import type { SummaryReport } from '../../../src/app/pages/reports/inventory-report/report-types.js';
import { DayGroupedTable } from '../../../src/app/pages/reports/sale-purchase/DayGroupedTable.js';
import type { DashboardSummary } from '../../../src/domain/dashboard.js';
import { FLAT, translateText } from '../../../src/domain/i18n/catalogue.js';
import { fakeScreenWidth } from './screen-width';

/** The reports and the dashboard in Hindi (issue 34): their own words from the language files, data as entered. */
beforeAll(async () => {
  fakeScreenWidth(1440);
  await i18next.changeLanguage('hi');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});
afterEach(cleanup);

const summary: DashboardSummary = {
  counts: { users: 12, products: 340, inventory_items: 25, warehouses: 3, cities: 2, low_stock: 4, out_of_stock: 1 },
  total_inventory_value: 123456,
  recent_products: [{ _id: 'p1', productname: 'Basmati Rice', price: 120, discount_price: 100, image: null }],
  low_stock_alerts: [
    {
      _id: 'i1',
      product_id: 'p1',
      product_name: 'Basmati Rice',
      warehouse_id: 'w1',
      warehouse_name: 'Pune Central',
      current_stock: 2,
      minimum_stock: 10,
      out_of_stock: false,
    },
  ],
  recent_users: [{ _id: 'u1', name: 'Asha Patil', email: '', role: 'warehouse-user', created: '2026-05-01T10:00:00Z' }],
  warehouses: [{ _id: 'w1', name: 'Pune Central', city: null, status: 'active' }],
  stock_flow: [
    { date: '2026-05-03', stock_in: 5, stock_out: 2 },
    { date: '2026-05-04', stock_in: 1, stock_out: 0 },
  ],
  in_transit: { quantity: 7, total_value: 700, transfers: 1 },
  purchase_orders: { open: 2, overdue: 1 },
  to_reorder: 3,
  generated_at: '2026-05-04T10:00:00Z',
};

const expiring = (query: { window?: string }) => ({
  data:
    query.window === 'expired'
      ? []
      : [
          {
            product_id: 'p1',
            product_name: 'Basmati Rice',
            warehouse_id: 'w1',
            warehouse_name: 'Pune Central',
            batch_no: 'B-7',
            expiry_date: '2026-05-06',
            days_to_expiry: 2,
            quantity: 6,
            value: 600,
          },
        ],
  total: 1,
  total_quantity: 6,
  total_value: 600,
  page: 1,
  limit: 5,
  windows: [{ key: 'expired', quantity: 9, value: 900, batches: 2 }],
});

const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: () => Promise.reject(new Error('not used')),
  getOne: () => Promise.reject(new Error('not used')),
  create: () => Promise.reject(new Error('not used')),
  update: () => Promise.reject(new Error('not used')),
  deleteOne: () => Promise.reject(new Error('not used')),
  custom: (async ({ url, query }) => {
    if (url === '/dashboard/summary') return { data: summary };
    if (url === '/inventory/expiring') return { data: expiring(query as { window?: string }) };
    throw new Error(`unexpected ${url}`);
  }) as DataProvider['custom'],
};
const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: 'u0', name: 'Ravi Kumar' }),
};
// Every figure but the backups (an admin's warning, another screen's words).
const accessControlProvider: AccessControlProvider = { can: async ({ resource }) => ({ can: resource !== 'backups' }) };

function inRefine(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
        >
          {ui}
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** The English texts of these namespaces (no parameters) that a screen must not show in Hindi. */
const englishOf = (...prefixes: string[]) =>
  [...FLAT.en].filter(([key, text]) => prefixes.some((p) => key.startsWith(p)) && !text.includes('{{') && text.length > 3).map(([, text]) => text);

/** Words of the page: every element's own text, each one whole, and its labels (not an icon's name, antd's). */
const shownTexts = () =>
  [...document.body.querySelectorAll('*')]
    .flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent?.trim() ?? ''))
    .concat(
      [...document.body.querySelectorAll('[aria-label]:not(.anticon), [title]')].flatMap((el) => [
        el.getAttribute('aria-label') ?? '',
        el.getAttribute('title') ?? '',
      ]),
    )
    .filter(Boolean);

/** The fixtures' data, which stays as entered in every language. */
const DATA = ['Ravi Kumar', 'Basmati Rice', 'Pune Central', 'Asha Patil', 'B-7'];
/**
 * Texts with Latin letters once the data is taken out. The batches' expiry words ('Expires in 2 days') are the
 * inventory screens' (src/app/pages/inventory/batches/expiry-tone.ts), translated there.
 */
const latinLeft = (texts: string[]) =>
  texts
    .map((text) => DATA.reduce((rest, data) => rest.replaceAll(data, ''), text))
    .filter((text) => /[A-Za-z]/.test(text) && !/^(Expires|Expired|No expiry)/.test(text));

describe('the dashboard in Hindi', () => {
  it('titles, figures, panels and actions in Hindi; names and numbers as entered; no English of its own left', async () => {
    inRefine(<DashboardPage />);
    await screen.findByText('फिर से स्वागत है, Ravi Kumar');
    await screen.findByText('कुल उपयोगकर्ता');
    expect(screen.getByRole('heading', { name: 'डैशबोर्ड' })).toBeTruthy();
    await screen.findByText('स्टॉक: 2 / न्यूनतम: 10');
    await screen.findByText('2 बैच में 9 यूनिट');
    for (const text of ['त्वरित कार्य', 'कम स्टॉक की चेतावनियाँ', 'हाल के उत्पाद', 'हाल के उपयोगकर्ता', 'खुले ख़रीद आदेश', 'जल्द समाप्त होने वाला', 'रास्ते में']) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    // A role's name and a warehouse's status are the product's words; a user with no e-mail or city says so in Hindi.
    await screen.findByText('गोदाम उपयोगकर्ता');
    expect(screen.getByText('सक्रिय')).toBeTruthy();
    expect(screen.getByText('अज्ञात शहर')).toBeTruthy();
    expect(screen.getByText('कोई ईमेल नहीं')).toBeTruthy();
    // Data stays as entered, money stays en-IN.
    expect(screen.getAllByText('Basmati Rice').length).toBeGreaterThan(0);
    expect(screen.getAllByText('₹1,23,456.00').length).toBe(1);

    const shown = shownTexts();
    const left = englishOf('dashboard.', 'reports.columns.', 'reports.figures.', 'menu.dashboard', 'buttons.refresh').filter((english) =>
      shown.includes(english),
    );
    expect(left).toEqual([]);
    expect(latinLeft(shown)).toEqual([]);
  });
});

const report: SummaryReport = {
  report_type: 'summary',
  period: { start_date: '2026-05-01', end_date: '2026-05-04' },
  summary: { total_products: 25, low_stock_count: 4, out_of_stock_count: 1, total_value: 5000 },
  movement_statistics: {
    total_in: 10,
    total_out: 4,
    total_adjustments: 1,
    total_returns: 0,
    total_damaged: 2,
    movement_count: 3,
    total_value_in: 1000,
    total_value_out: 400,
  },
  recent_movements: [
    {
      _id: 'm1',
      created: '2026-05-04T06:30:00Z',
      product_id: 'p1',
      product_name: 'Basmati Rice',
      warehouse_id: 'w1',
      warehouse_name: 'Pune Central',
      movement_type: 'in',
      quantity: 10,
      unit_cost: 100,
      total_value: 1000,
      reference_type: 'transfer',
      reference_id: 't1',
    } as unknown as SummaryReport['recent_movements'][number],
  ],
  inventory_items: null,
  movements: null,
  daily_totals: null,
  comparison: null,
  generated_at: '2026-05-04T10:00:00Z',
};

describe('the inventory report in Hindi', () => {
  it("shows the summary's figures, sections and movements in Hindi", async () => {
    inRefine(<SummaryView report={report} />);
    for (const text of ['इन्वेंटरी रिकॉर्ड', 'कम स्टॉक', 'स्टॉक ख़त्म', 'स्टॉक आवक', 'स्टॉक जावक', 'मूवमेंट के आँकड़े', 'हाल के मूवमेंट', '3 में से नवीनतम 1']) {
      expect(screen.getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(screen.getByRole('columnheader', { name: 'उत्पाद' })).toBeTruthy();
    expect(screen.getByText('आवक')).toBeTruthy();
    expect(screen.getByText('स्थानांतरण')).toBeTruthy();
    const shown = shownTexts();
    expect(
      englishOf('reports.columns.', 'reports.figures.', 'reports.inventoryReport.', 'reports.movementTypes.').filter((english) => shown.includes(english)),
    ).toEqual([]);
    expect(latinLeft(shown)).toEqual([]);
  });

  it("exports the summary with the figures' names and the header in Hindi, the numbers as they are", () => {
    const tx = (text: string) => translateText(text, 'hi');
    const { header, rows } = localisedCsv('summary', reportCsv(report), tx);
    expect(header).toEqual(['आँकड़ा', 'मूल्य']);
    expect(rows[0]).toEqual(['अवधि की शुरुआत', '2026-05-01']);
    expect(rows.find((r) => r[0] === 'स्टॉक आवक')?.[1]).toBe(10);
    expect(rows.every((r) => !/[A-Za-z]/.test(String(r[0])))).toBe(true);
    // The comparison's dated columns keep their day.
    expect(tx('Opening 2026-05-01')).toBe('शुरुआती 2026-05-01');
  });
});

describe('the sale-purchase report in Hindi', () => {
  it('counts items, shows more and totals in Hindi', () => {
    inRefine(
      <DayGroupedTable
        testId="sales"
        emptyText="—"
        days={{
          '2026-05-04': {
            total: 980,
            total_quantity: 12,
            item_count: 3,
            items: [
              { _id: 'a', created: '2026-05-04T06:30:00Z', product_id: 'p1', product_name: 'Basmati Rice', quantity: 12, unit_cost: 20, total_value: 240 },
            ],
          },
        }}
        onMore={() => {}}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'तारीख / उत्पाद' })).toBeTruthy();
    expect(screen.getByText('कुल योग')).toBeTruthy();
    fireEvent.click(screen.getByText(/\(3 आइटम\)/));
    expect(screen.getByRole('button', { name: 'और दिखाएँ (3 में से 1 दिखाए गए)' })).toBeTruthy();
  });
});

describe("the reports' downloads and API messages in Hindi", () => {
  it("translate the server-built CSV headers and the report routes' messages", () => {
    const hi = (text: string) => translateText(text, 'hi');
    for (const header of ['Bucket', 'Days to expiry', 'Expiry date', 'Section', 'Time', 'Average cost', 'Stock value', 'Unit Cost', 'Total Value']) {
      expect(hi(header), header).not.toBe(header);
    }
    expect(hi('Purchases')).toBe('ख़रीद');
    expect(hi('Day total')).toBe('दिन का कुल');
    expect(hi('0–3 days')).toBe('0–3 दिन');
    expect(hi('Warehouse not found')).toBe('गोदाम नहीं मिला');
    expect(hi('The period may span at most 366 days')).toBe('अवधि अधिकतम 366 दिनों की हो सकती है');
    expect(hi('group_by must be one of: product, category, warehouse')).toBe('group_by इनमें से एक होना चाहिए: product, category, warehouse');
    expect(hi('Start date is required')).toBe('शुरू की तारीख आवश्यक है');
  });
});
