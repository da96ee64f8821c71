import { z } from 'zod';
import { policySchema } from '../../domain/schemas/permissions.js';
import type { PolicyInput } from '../../domain/schemas/permissions.js';
import type { RouteModule } from '../http/types.js';
import { permissionsService } from '../services/permissions-service.js';

export const permissionRoutes: RouteModule = (app, { database, policy }) => {
  const permissions = permissionsService(database.db, policy);
  const tags = ['permissions'];

  app.get('/permissions', { config: { access: { resource: 'permissions', action: 'list' } }, schema: { tags } }, () => permissions.get());

  app.put('/permissions', { config: { access: { resource: 'permissions', action: 'edit' } }, schema: { tags, body: policySchema } }, (request) =>
    permissions.replace(request.body as PolicyInput, request.user!.id, request.body.version),
  );

  app.get(
    '/permissions/audit',
    {
      config: { access: { resource: 'permissions', action: 'list' } },
      schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) }) },
    },
    (request) => permissions.audit(request.query.limit),
  );
};
