import { DatabaseOutlined } from '@ant-design/icons';
import type { SpaPart } from '../declared/declared';
import { retryableLazy as lazy } from '../routes/retryable-lazy';

/**
 * Inventory Listing: the shared declaration (REST shape, labels, sidebar, matrix row), with screens of its own: the
 * list is a stock view (filters, batches, costs) and 'Add Inventory' and 'Adjust' are stock movements, not record forms.
 */
export default {
  icon: <DatabaseOutlined />,
  menuOrder: 50,
  ownScreens: true,
  pages: {
    list: lazy(() => import('../pages/inventory/list/InventoryListPage')),
    create: lazy(() => import('../pages/inventory/stock/AddInventoryPage')),
    edit: lazy(() => import('../pages/inventory/stock/AdjustStockPage')),
  },
} satisfies SpaPart;
