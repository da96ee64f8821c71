// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { Refine, type AccessControlProvider, type DataProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_SCOPED, DEFAULT_POLICY, RESOURCES } from '../../../src/domain/policy.js';
import { ROLES } from '../../../src/domain/roles.js';
import { ADMIN_LOCKED_MESSAGE, normalisePolicy } from '../../../src/domain/schemas/permissions.js';
import { ApiError } from '../../../src/app/providers/api-error.js';
import PermissionsPage from '../../../src/app/pages/permissions/PermissionsPage.js';
import { fakeScreenWidth } from './screen-width';

beforeAll(() => {
  // antd reads media queries; jsdom has none.
  fakeScreenWidth(1440);
});
afterEach(cleanup);

/** The API at the network boundary: GET/PUT /permissions and the audit trail. */
function stubApi(put: (payload: unknown) => unknown) {
  const puts: unknown[] = [];
  const notUsed = () => Promise.reject(new Error('not used by this screen'));
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: notUsed,
    getOne: notUsed,
    create: notUsed,
    update: notUsed,
    deleteOne: notUsed,
    custom: (async ({ url, method, payload }: { url: string; method: string; payload?: unknown }) => {
      if (url === '/permissions' && method === 'get') {
        const policy = normalisePolicy(DEFAULT_POLICY);
        return { data: { roles: ROLES, labels: {}, resources: RESOURCES, scoped: WAREHOUSE_SCOPED, policy, defaults: policy } };
      }
      if (url === '/roles') return { data: { data: ROLES.map((name) => ({ name, label: name, builtin: true, users: 0 })) } };
      if (url === '/permissions' && method === 'put') {
        puts.push(payload);
        return { data: put(payload) };
      }
      if (url === '/permissions/audit') return { data: { data: [] } };
      throw new Error(`unexpected ${method} ${url}`);
    }) as DataProvider['custom'],
  };
  return { dataProvider, puts };
}

function renderPage(dataProvider: DataProvider, canEdit = true) {
  const accessControlProvider: AccessControlProvider = {
    can: async ({ action }) => ({ can: action !== 'edit' || canEdit }),
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntdApp>
      <Refine
        dataProvider={dataProvider}
        accessControlProvider={accessControlProvider}
        resources={[{ name: 'permissions', list: '/permissions' }]}
        options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient } }}
      >
        <PermissionsPage />
      </Refine>
    </AntdApp>,
  );
}

// Selector and text queries: role and label queries walk a 300-box table for every look-up, far too slowly in jsdom.
const checkbox = (name: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`);
  if (!input) throw new Error(`No checkbox '${name}'`);
  return input;
};
const button = (text: string) => screen.queryByText(text)?.closest('button') ?? null;
const saveButton = () => button('Save')!;

// The whole matrix renders in jsdom: seconds on an idle machine, far longer on a loaded 2-core one.
describe('permissions page', { timeout: 90_000 }, () => {
  it('shows a refused save in an error box and keeps the unsaved changes', async () => {
    const api = stubApi(() => {
      throw new ApiError(ADMIN_LOCKED_MESSAGE, 400, 'server');
    });
    renderPage(api.dataProvider);
    const box = await waitFor(() => checkbox('warehouse-user: products list'));
    expect(checkbox('admin: products list')).toMatchObject({ checked: true, disabled: true });
    expect(saveButton().disabled).toBe(true);

    fireEvent.click(box);
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());

    expect((await screen.findByText(ADMIN_LOCKED_MESSAGE)).closest('[role="alert"]')).not.toBeNull();
    expect(api.puts).toHaveLength(1);
    expect(api.puts[0]).toMatchObject({ grants: { 'warehouse-user': { products: ['list'] } } });
    expect(checkbox('warehouse-user: products list').checked).toBe(true);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('ticking an action ticks what it needs and says so; unticking a needed one unticks what needs it', async () => {
    renderPage(stubApi(() => ({})).dataProvider);
    const edit = await waitFor(() => checkbox('warehouse-user: cities edit'));
    fireEvent.click(edit);
    await waitFor(() => expect(checkbox('warehouse-user: cities show').checked).toBe(true));
    expect(checkbox('warehouse-user: cities list').checked).toBe(true);
    const note = await screen.findByText('Also ticked cities show, cities list for Warehouse User: cities edit needs them.');
    expect(note.closest('[role="status"]')).not.toBeNull();

    fireEvent.click(checkbox('warehouse-user: cities list'));
    await waitFor(() => expect(checkbox('warehouse-user: cities edit').checked).toBe(false));
    expect(checkbox('warehouse-user: cities show').checked).toBe(false);
    await screen.findByText('Also unticked cities show, cities edit for Warehouse User: they need cities list.');
  });

  it("is read-only without 'permissions: edit'", async () => {
    renderPage(stubApi(() => ({})).dataProvider, false);
    await screen.findByText('You may view the permissions but not change them.');
    expect(checkbox('warehouse-user: inventory list')).toMatchObject({ checked: true, disabled: true });
    expect(button('Save')).toBeNull();
    expect(button('Reset to defaults')).toBeNull();
  });
});
