import { z } from 'zod';
import { can } from '../../domain/policy.js';
import { roleCreateSchema, roleUpdateSchema } from '../../domain/schemas/role.js';
import { userOf } from '../auth/access.js';
import { created } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { roleService } from '../services/role-service.js';

const nameParam = z.object({ name: z.string().max(100) });
const edit = { access: { resource: 'permissions', action: 'edit' } } as const;

/** The roles table: every screen that lists roles (user form, user filter, matrix, login rule) reads it. */
export const roleRoutes: RouteModule = (app, { database, policy }) => {
  const roles = roleService(database.db, policy);
  const tags = ['permissions'];

  // Names and labels are for every signed-in screen that shows a role; how many users hold each is for user and permission admins.
  app.get('/roles', { config: { access: 'signed-in' }, schema: { tags } }, async (request) => {
    const user = userOf(request);
    const current = await policy.current();
    const counts = can(current, user.role, 'users', 'list') || can(current, user.role, 'permissions', 'list');
    const data = await roles.list();
    return { data: counts ? data : data.map(({ users: _users, ...r }) => r) };
  });

  app.post('/roles', { config: edit, schema: { tags, body: roleCreateSchema, response: created } }, async (request, reply) =>
    reply.status(201).send(await roles.create(request.body, userOf(request).id)),
  );

  app.put('/roles/:name', { config: edit, schema: { tags, params: nameParam, body: roleUpdateSchema } }, (request) =>
    roles.rename(request.params.name, request.body.label, userOf(request).id),
  );

  app.delete('/roles/:name', { config: edit, schema: { tags, params: nameParam } }, async (request) => {
    await roles.remove(request.params.name, userOf(request).id);
    return { message: 'Role deleted successfully' };
  });
};
