import { DatabaseOutlined } from '@ant-design/icons';
import { inventoryResource } from '../../domain/resources/inventory';
import { fromSpec } from './declared';
import type { ResourceDeclaration } from './types';

/**
 * Inventory Listing: the shared declaration (REST shape, labels, sidebar, matrix row), with screens of its own: the
 * list is a stock view (filters, batches, costs) and 'Add Inventory' and 'Adjust' are stock movements, not record forms.
 */
export const inventory = fromSpec(inventoryResource, { icon: <DatabaseOutlined />, ownScreens: true });

/** Stock of one city's warehouses (SPEC.md section 2): reached from the warehouse list, not the sidebar. */
export const inventoryByCity: ResourceDeclaration = {
  name: 'inventory-by-city',
  label: 'Inventory for City',
  routes: { list: '/inventory-by-city/:cityId' },
  access: { list: { resource: 'inventory', action: 'list' } },
};
