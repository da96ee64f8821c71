import { RESOURCES, can, type Action, type Resource } from '../../domain/policy.js';
import type { RouteModule } from '../http/types.js';

/** The caller's slice of the access policy: what the SPA greys out is exactly what the API refuses. */
export const accessPolicyRoutes: RouteModule = (app, { policy }) => {
  app.get('/access-policy', { config: { access: 'signed-in' }, schema: { tags: ['auth'] } }, async (request) => {
    const current = await policy.current();
    const role = request.user!.role;
    const permissions: Partial<Record<Resource, Action[]>> = {};
    for (const [resource, actions] of Object.entries(RESOURCES) as [Resource, readonly Action[]][]) {
      const allowed = actions.filter((action) => can(current, role, resource, action));
      if (allowed.length) permissions[resource] = allowed;
    }
    return { role, permissions };
  });
};
