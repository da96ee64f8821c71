/**
 * The floor of the stack (bench:spa-floor): the smallest signed-in list screen Refine and antd make, as their own docs
 * build one — Refine with its antd layout (sider, header), one resource, its List page with useTable and an antd Table
 * of 10 products — with nothing of ours: no API (the rows are in memory), no auth, no i18n, no charts. Whatever
 * Lighthouse scores here, a screen of the product built on the same stack cannot score much better.
 */
import '@refinedev/antd/dist/reset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Outlet, Route, Routes } from 'react-router';
import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { List, ThemedLayout, useNotificationProvider, useTable } from '@refinedev/antd';
import { App as AntdApp, ConfigProvider, Table } from 'antd';

const PRODUCTS: BaseRecord[] = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1,
  productname: `${['Basmati Rice', 'Toned Milk', 'Wheat Atta', 'Toor Dal', 'Mustard Oil'][i % 5]} No. ${i + 1}`,
  price: 10 + (i % 500),
  stock: (i * 37) % 120,
}));

/** The rows in memory, a page at a time: what a list asks a data provider for, without a network. */
const dataProvider: DataProvider = {
  getApiUrl: () => '',
  getList: async ({ pagination }) => {
    const { currentPage = 1, pageSize = 10 } = pagination ?? {};
    return { data: PRODUCTS.slice((currentPage - 1) * pageSize, currentPage * pageSize) as never, total: PRODUCTS.length };
  },
  getOne: async ({ id }) => ({ data: PRODUCTS.find((p) => p.id === Number(id)) as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
};

function ProductList() {
  const { tableProps } = useTable({ syncWithLocation: true });
  return (
    <List>
      <Table {...tableProps} rowKey="id">
        <Table.Column dataIndex="productname" title="Product" />
        <Table.Column dataIndex="price" title="Price" />
        <Table.Column dataIndex="stock" title="Stock" />
      </Table>
    </List>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ConfigProvider>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            resources={[{ name: 'products', list: '/' }]}
          >
            <Routes>
              <Route
                element={
                  <ThemedLayout>
                    <Outlet />
                  </ThemedLayout>
                }
              >
                <Route index element={<ProductList />} />
              </Route>
            </Routes>
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  </StrictMode>,
);
