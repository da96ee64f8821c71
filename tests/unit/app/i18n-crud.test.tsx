// @vitest-environment jsdom
import { i18next } from '../../../src/app/i18n/i18n.js';
import { providerFor } from '../../../src/app/i18n/i18n-provider.js';

const i18nProvider = providerFor();
import { Refine, type AccessControlProvider, type BaseRecord, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { translateText } from '../../../src/domain/i18n/catalogue.js';
import { defineResource } from '../../../src/domain/resource.js';
import { ResourceFormPage } from '../../../src/app/crud/form/ResourceFormPage.js';
import { notificationInLanguage, readableNotification } from '../../../src/app/crud/form/notifications.js';
import { ResourceListPage } from '../../../src/app/crud/list/ResourceListPage.js';
import { txNow } from '../../../src/app/crud/texts.js';
import { fromSpec } from '../../../src/app/declared/declared.js';
import { HistoryEntryLine } from '../../../src/app/history/HistoryEntryLine.js';
import { plainQueryRouterProvider as routerProvider } from '../../../src/app/providers/router-provider.js';
import { defaultErrorMessage } from '../../../src/app/resources/index.js';
import { sellers } from '../../../src/app/resources/lookups.js';
import { ScreenLoadFailed } from '../../../src/app/routes/ScreenLoadFailed.js';
import { fakeScreenWidth } from './screen-width';

/**
 * Issue 34: the generic screens every declared resource is made of, in Hindi. The resource is declared with texts the
 * generic screens' own files carry ('Status', 'Warehouse', 'Active'; its nouns those of the sellers look-up), so every
 * word on the screen is the generic machinery's or a declared text passed through tx().
 */
const depots = defineResource({
  name: 'depots',
  path: '/depots',
  label: 'Sellers',
  entity: { title: 'Seller', singular: 'seller', plural: 'sellers' },
  fields: {
    warehouse: { kind: 'text', label: 'Warehouse', required: true, column: 'Warehouse', search: true, sort: true },
    is_active: { kind: 'boolean', label: 'Status', column: 'Status', labels: ['Active', 'Inactive'], filter: true },
  },
  timestamps: { created: true },
  screens: { list: '/depots', create: '/depot-registration', edit: '/depot-edit/:id' },
  list: { createdColumn: 'Created' },
});
const declaration = fromSpec(depots);

const rows = [
  { id: 'd1', warehouse: 'गोदाम १', is_active: true, created: '2026-11-24T08:35:00.000Z' },
  { id: 'd2', warehouse: 'गोदाम २', is_active: false, created: '2026-11-24T08:35:00.000Z' },
];

const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  getList: (async () => ({ data: rows, total: rows.length })) as DataProvider['getList'],
  getOne: (async ({ id }) => ({ data: rows.find((r) => r.id === id) as unknown as BaseRecord })) as DataProvider['getOne'],
  create: (async ({ variables }) => ({ data: { id: 'new', ...(variables as object) } })) as DataProvider['create'],
  update: (async ({ id, variables }) => ({ data: { id, ...(variables as object) } })) as DataProvider['update'],
  deleteOne: (async ({ id }) => ({ data: { id } as BaseRecord })) as DataProvider['deleteOne'],
};
const everything: AccessControlProvider = { can: async () => ({ can: true }) };

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={everything}
          i18nProvider={i18nProvider}
          resources={[{ name: 'depots', list: '/depots', create: '/depot-registration', edit: '/depot-edit/:id' }]}
          options={{ reactQuery: { clientConfig: queryClient }, disableTelemetry: true }}
        >
          <Routes>
            <Route path="/depots" element={<ResourceListPage declaration={declaration} />} />
            <Route path="/depot-registration" element={<ResourceFormPage declaration={declaration} mode="create" />} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** Words in Latin letters left on the screen (data here is Devanagari or digits; 'CSV' is a format's name). */
const english = (text: string | null) => (text ?? '').match(/[A-Za-z]{2,}/g)?.filter((word) => word !== 'CSV') ?? [];

beforeAll(async () => {
  fakeScreenWidth(1440);
  await i18next.changeLanguage('hi');
});
afterEach(cleanup);
afterAll(async () => {
  await i18next.changeLanguage('en');
});

describe('the generic screens in Hindi', () => {
  it('show a declared list with its heading, columns, tags, buttons, search and pages in Hindi, and no English', async () => {
    const { container } = renderAt('/depots');
    await screen.findByText('गोदाम १');
    // Edit and Delete appear once the access answers are in.
    const [firstRow] = screen.getAllByRole('row').slice(1);
    const remove = await within(firstRow!).findByRole('button', { name: /हटाएँ/ });
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('विक्रेता');
    expect(screen.getByRole('button', { name: /विक्रेता जोड़ें/ })).toBeTruthy();
    expect(screen.getByPlaceholderText('विक्रेता खोजें')).toBeTruthy();
    for (const header of ['गोदाम', 'स्थिति', 'बनाया गया', 'कार्रवाई']) expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(screen.getByText('सक्रिय')).toBeTruthy();
    expect(screen.getByText('निष्क्रिय')).toBeTruthy();
    expect(screen.getByText('CSV निर्यात करें')).toBeTruthy();
    expect(screen.getByText('2 रिकॉर्ड')).toBeTruthy();
    expect(screen.getByTestId('page-indicator').textContent).toBe('पेज 1 / 1');
    expect(screen.getByRole('button', { name: /पिछला/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /अगला/ })).toBeTruthy();
    expect(english(container.textContent)).toEqual([]);

    // Delete asks in Hindi, with Hindi buttons.
    fireEvent.click(remove);
    expect(await screen.findByText('क्या आप सच में यह विक्रेता हटाना चाहते हैं?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
  });

  it('show a declared form with its title, labels and buttons in Hindi, and the rules say what is wrong in Hindi', async () => {
    const { container } = renderAt('/depot-registration');
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('विक्रेता जोड़ें');
    expect(screen.getByLabelText('गोदाम')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'सहेजें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(await screen.findByText('गोदाम आवश्यक है')).toBeTruthy();
    expect(english(container.textContent)).toEqual([]);
  });

  it('say a record history entry, a failed screen and the catalogue defaults in Hindi', () => {
    render(
      <HistoryEntryLine
        entry={{
          _id: 'h1',
          resource: 'depots',
          record_id: 'd1',
          record_label: null,
          warehouse_id: null,
          action: 'created',
          changes: null,
          note: '',
          user_id: null,
          user_name: null,
          at: '2026-11-24T08:35:00.000Z',
        }}
      />,
    );
    expect(screen.getByTestId('history-line').textContent).toMatch(/^बनाया गया · सिस्टम · 24 नव॰ 2026/);
    cleanup();

    const { container } = render(<ScreenLoadFailed retry={() => undefined} retrying={false} chunk />);
    expect(screen.getByText('यह स्क्रीन लोड नहीं हो सकी')).toBeTruthy();
    expect(screen.getByRole('button', { name: /फिर से प्रयास करें/ })).toBeTruthy();
    expect(english(container.textContent)).toEqual([]);

    // SPEC.md section 8's defaults, built from the entity's nouns, and Refine's own status notice replaced by the words.
    expect(txNow(defaultErrorMessage(sellers, 'list')!)).toBe('विक्रेता लोड करने में विफल');
    expect(txNow(defaultErrorMessage(sellers, 'delete')!)).toBe('विक्रेता हटाने में विफल');
    const notice = notificationInLanguage(readableNotification({ type: 'error', message: i18next.t('notifications.error', { statusCode: 500 }) }), txNow);
    expect(notice.message).toBe('कुछ गड़बड़ हो गई। कृपया फिर से प्रयास करें।');
    expect(translateText('Warehouse must be at most 100 characters', 'hi')).toBe('गोदाम में अधिकतम 100 अक्षर हो सकते हैं');
  });
});
