import type { RouteModule } from '../http/types.js';
import { accessPolicyRoutes } from './access-policy.js';
import { authRoutes } from './auth.js';
import { categoryRoutes } from './categories.js';
import { dashboardRoutes } from './dashboard.js';
import { declaredRoutes } from './declared.js';
import { healthRoutes } from './health.js';
import { inventoryRoutes } from './inventory.js';
import { batchRoutes } from './batches.js';
import { reportRoutes } from './reports.js';
import { imageRoutes } from './images.js';
import { productRoutes } from './products.js';
import { userRoutes } from './users.js';
import { permissionRoutes } from './permissions.js';
import { roleRoutes } from './roles.js';
import { stockTakeRoutes } from './stock-takes.js';
import { productImportRoutes } from './product-import.js';
import { transferRoutes } from './transfers.js';
import { replenishmentRoutes } from './replenishment.js';
import { historyRoutes } from './history.js';
import { eventRoutes } from './events.js';
import { metricsRoutes } from './metrics.js';
import { backupRoutes } from './backups.js';

/** Every route module of the API, mounted under /api. */
export const apiRoutes: RouteModule[] = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  accessPolicyRoutes,
  declaredRoutes,
  inventoryRoutes,
  batchRoutes,
  reportRoutes,
  dashboardRoutes,
  categoryRoutes,
  productRoutes,
  imageRoutes,
  userRoutes,
  permissionRoutes,
  stockTakeRoutes,
  productImportRoutes,
  roleRoutes,
  transferRoutes,
  replenishmentRoutes,
  historyRoutes,
  eventRoutes,
  backupRoutes,
];
