import { TagOutlined, TagsOutlined } from '@ant-design/icons';
import { DECLARED_RESOURCES } from '../../domain/resources';
import { categoriesResource } from '../../domain/resources/categories';
import { subcategoriesResource } from '../../domain/resources/subcategories';
import { cities } from './cities';
import { fromSpec } from './declared';
import { handlingCharges } from './handling-charges';
import { inventory } from './inventory';
import { products } from './products';
import { purchaseOrders } from './purchase-orders';
import type { ResourceDeclaration } from './types';
import { users } from './users';
import { warehouses } from './warehouses';

/** Declared resources whose SPA side adds something (an icon, a page of its own); the rest need nothing here. */
const SPA_PARTS: Record<string, ResourceDeclaration> = {
  products,
  users,
  cities,
  warehouses,
  inventory,
  'handling-charges': handlingCharges,
  'purchase-orders': purchaseOrders,
  categories: fromSpec(categoriesResource, { icon: <TagsOutlined /> }),
  subcategories: fromSpec(subcategoriesResource, { icon: <TagOutlined /> }),
};

/** Every declared resource (src/domain/resources) as the SPA registers it, in declaration order. */
export const declaredScreens: ResourceDeclaration[] = DECLARED_RESOURCES.map((spec) => SPA_PARTS[spec.name] ?? fromSpec(spec));
