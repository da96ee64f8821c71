import { SwapOutlined } from '@ant-design/icons';
import { retryableLazy as lazy } from '../routes/retryable-lazy';
import type { SpaResource } from './types';

/** Stock moved between warehouses (issue 18): the list with filters, a new transfer, and one transfer's page. */
export const transfers: SpaResource = {
  name: 'transfers',
  label: 'Transfers',
  menu: { group: 'create', icon: <SwapOutlined />, order: 60 },
  routes: { list: '/transfers', create: '/transfers/new', show: '/transfers/:id', edit: '/transfers/:id/edit' },
  pages: {
    list: lazy(() => import('../pages/transfers/TransfersPage')),
    create: lazy(() => import('../pages/transfers/NewTransferPage')),
    show: lazy(() => import('../pages/transfers/TransferPage')),
    edit: lazy(() => import('../pages/transfers/EditTransferPage')),
  },
  // A draft is edited by whoever may draft one: there is no separate 'edit' action in the matrix.
  access: { edit: { resource: 'transfers', action: 'create' } },
  api: {},
  entity: { singular: 'transfer', plural: 'transfers' },
};
