import { asc, eq } from 'drizzle-orm';
import { RESOURCES, WAREHOUSE_SCOPED, can, scopeOf, type Action, type Resource, type Scope } from '../../domain/policy.js';
import { userWarehouses, warehouses } from '../db/schema.js';
import type { RouteModule } from '../http/types.js';
import { roleLabels } from '../services/role-service.js';

/** The caller's slice of the access policy: what the SPA greys out is exactly what the API refuses. */
export const accessPolicyRoutes: RouteModule = (app, { policy, database }) => {
  app.get('/access-policy', { config: { access: 'signed-in' }, schema: { tags: ['auth'] } }, async (request) => {
    const current = await policy.current();
    const { role, id } = request.user!;
    const permissions: Partial<Record<Resource, Action[]>> = {};
    for (const [resource, actions] of Object.entries(RESOURCES) as [Resource, readonly Action[]][]) {
      const allowed = actions.filter((action) => can(current, role, resource, action));
      if (allowed.length) permissions[resource] = allowed;
    }
    const scope = Object.fromEntries(WAREHOUSE_SCOPED.map((r) => [r, scopeOf(current, role, r)])) as Record<string, Scope>;
    const [labels, assigned] = await Promise.all([
      roleLabels(database.db),
      // The user's own warehouses, so that the SPA offers only these where a scope is 'assigned'.
      database.db
        .select({ _id: warehouses.id, name: warehouses.name })
        .from(userWarehouses)
        .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
        .where(eq(userWarehouses.userId, id))
        .orderBy(asc(warehouses.name)),
    ]);
    return { role, role_label: labels[role] ?? role, permissions, scope, warehouses: assigned };
  });
};
