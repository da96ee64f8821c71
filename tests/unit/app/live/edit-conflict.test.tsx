// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../../src/app/i18n/i18n.js';
import { Refine, type AuthProvider, type BaseRecord, type DataProvider, type LiveEvent, type LiveProvider } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResourceFormPage } from '../../../../src/app/crud/form/ResourceFormPage.js';
import { ApiError } from '../../../../src/app/providers/api-error.js';
import type { ChangeEvent } from '../../../../src/app/providers/live/change-event.js';
import { plainQueryRouterProvider as routerProvider } from '../../../../src/app/providers/router-provider.js';
import type { SpaResource } from '../../../../src/app/resources/types.js';
import { fakeScreenWidth } from '../screen-width';

beforeAll(() => fakeScreenWidth(1440));
afterEach(cleanup);

const schema = z.object({ name: z.string().min(1, 'Name is required'), district: z.string().optional() });
const towns: SpaResource = {
  name: 'towns',
  label: 'Towns',
  routes: { list: '/towns', edit: '/towns/:id/edit' },
  entity: { singular: 'town', plural: 'towns' },
  form: {
    titles: { create: 'Add Town', edit: 'Edit Town' },
    schemas: { create: schema, edit: schema },
    fields: [
      { name: 'name', label: 'Town Name' },
      { name: 'district', label: 'District' },
    ],
  },
};

type Update = { variables: unknown; version: unknown };

/** The server: one town, whose version moves with each save; `theirSave` is another user's save meanwhile. */
function fakeServer() {
  let town: BaseRecord = { id: 't1', name: 'Bundi', district: 'Bundi', version: 3 };
  const updates: Update[] = [];
  const dataProvider: DataProvider = {
    getApiUrl: () => '/api',
    getList: (async () => ({ data: [town], total: 1 })) as DataProvider['getList'],
    getOne: (async () => ({ data: town })) as DataProvider['getOne'],
    create: (async () => ({ data: town })) as DataProvider['create'],
    deleteOne: (async () => ({ data: town })) as DataProvider['deleteOne'],
    update: (async ({ variables, meta }) => {
      updates.push({ variables, version: meta?.version });
      if (meta?.version !== undefined && meta.version !== town.version) {
        const body = { message: 'This record was changed by Ravi Kumar since you opened it.', changed_by: { id: 'u2', name: 'Ravi Kumar' }, current: town };
        throw new ApiError(body.message, 409, 'server', undefined, body);
      }
      town = { ...town, ...(variables as object), version: Number(town.version) + 1 };
      return { data: town };
    }) as DataProvider['update'],
  };
  const theirSave = (changes: object) => {
    town = { ...town, ...changes, version: Number(town.version) + 1 };
  };
  return { dataProvider, updates, theirSave };
}

/** A live provider the test speaks through, as the server's stream would. */
function fakeLive() {
  const subscriptions = new Set<{ channel: string; callback: (event: LiveEvent) => void }>();
  const liveProvider: LiveProvider = {
    subscribe: ({ channel, callback }) => {
      const subscription = { channel, callback };
      subscriptions.add(subscription);
      return subscription;
    },
    unsubscribe: (subscription: { channel: string; callback: (event: LiveEvent) => void }) => void subscriptions.delete(subscription),
  };
  const announce = (user: { id: string; name: string }) => {
    const change: ChangeEvent = {
      id: 'h9',
      resource: 'towns',
      action: 'updated',
      record_id: 't1',
      warehouse_id: null,
      user_id: user.id,
      user_name: user.name,
      at: new Date().toISOString(),
    };
    const event: LiveEvent = { channel: 'resources/towns', type: 'updated', payload: { ids: ['t1'], changes: [change] }, date: new Date() };
    act(() => subscriptions.forEach((s) => s.channel === 'resources/towns' && s.callback(event)));
  };
  return { liveProvider, announce };
}

const authProvider: AuthProvider = {
  login: async () => ({ success: true }),
  logout: async () => ({ success: true }),
  check: async () => ({ authenticated: true }),
  onError: async () => ({}),
  getIdentity: async () => ({ id: 'u1', name: 'Aarti Verma' }),
};

function renderEdit(dataProvider: DataProvider, liveProvider: LiveProvider) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={['/towns/t1/edit']}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          liveProvider={liveProvider}
          authProvider={authProvider}
          routerProvider={routerProvider}
          resources={[{ name: 'towns', list: '/towns', edit: '/towns/:id/edit' }]}
          options={{ disableTelemetry: true, liveMode: 'auto', reactQuery: { clientConfig: queryClient } }}
        >
          <Routes>
            <Route path="/towns" element={<p>Town list</p>} />
            <Route path="/towns/:id/edit" element={<ResourceFormPage declaration={towns} mode="edit" />} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return queryClient;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** A Popconfirm's own confirm button (the last with that name: the alert's button comes first). */
const confirm = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

async function opened() {
  const server = fakeServer();
  const live = fakeLive();
  const queryClient = renderEdit(server.dataProvider, live.liveProvider);
  await waitFor(() => expect(field('Town Name').value).toBe('Bundi'));
  return { ...server, ...live, queryClient };
}

describe('an edit form while someone else edits the record', () => {
  it("says who changed it and keeps what the user typed; the user's own saves say nothing", async () => {
    const { announce } = await opened();
    type('District', 'Bundi East');
    announce({ id: 'u1', name: 'Aarti Verma' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    announce({ id: 'u2', name: 'Ravi Kumar' });
    expect((await screen.findByRole('alert')).textContent).toContain('This record was changed by Ravi Kumar.');
    expect(field('District').value).toBe('Bundi East');
  });

  it('keeps what was typed through a refresh for another reason (the fallback refresh, another screen of the record)', async () => {
    const { theirSave, queryClient, updates } = await opened();
    type('District', 'Bundi East');
    theirSave({ name: 'Bundi Nagar' });
    await act(() => queryClient.invalidateQueries({ queryKey: ['data'], refetchType: 'active' }));
    expect(field('Town Name').value).toBe('Bundi');
    expect(field('District').value).toBe('Bundi East');
    // And the save still carries the version the form loaded: the server refuses it rather than overwrite unseen.
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText(/since you opened it/);
    expect(updates[0]!.version).toBe(3);
  });

  it('loads their changes once the user confirms, in place of what was typed', async () => {
    const { announce, theirSave } = await opened();
    type('District', 'Bundi East');
    theirSave({ name: 'Bundi Nagar' });
    announce({ id: 'u2', name: 'Ravi Kumar' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load their changes' }));
    await confirm('Load them');
    await waitFor(() => expect(field('Town Name').value).toBe('Bundi Nagar'));
    expect(field('District').value).toBe('Bundi');
    expect(screen.queryByText(/This record was changed by/)).toBeNull();
  });

  it('saves with the version it loaded; a 409 keeps the typed values, reviews the differences, and Overwrite resends with the new version', async () => {
    const { updates, theirSave } = await opened();
    theirSave({ name: 'Bundi Nagar' });
    type('District', 'Bundi East');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This record was changed by Ravi Kumar since you opened it.');
    expect(updates).toEqual([{ variables: { name: 'Bundi', district: 'Bundi East' }, version: 3 }]);
    expect(field('Town Name').value).toBe('Bundi');
    expect(field('District').value).toBe('Bundi East');

    fireEvent.click(within(alert).getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog');
    const rows = [...dialog.querySelectorAll('.ant-table-tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Town Name', 'Bundi Nagar', 'Bundi'],
      ['District', 'Bundi', 'Bundi East'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(field('District').value).toBe('Bundi East');

    fireEvent.click(within(alert).getByRole('button', { name: 'Overwrite' }));
    await confirm('Overwrite them');
    await waitFor(() => expect(updates).toHaveLength(2));
    expect(updates[1]).toEqual({ variables: { name: 'Bundi', district: 'Bundi East' }, version: 4 });
    await screen.findByText('Town list');
  });
});
