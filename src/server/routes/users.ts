import { z } from 'zod';
import { userCreateSchema, userUpdateSchema } from '../../domain/schemas/user.js';
import { registerCrud } from '../http/crud-routes.js';
import type { RouteModule } from '../http/types.js';
import { userService } from '../services/user-service.js';

export const userRoutes: RouteModule = (app, { database, sessions }) => {
  const users = userService(database.db, sessions);
  const tags = ['users'];

  app.get('/users/autocomplete', {
    config: { access: { resource: 'users', action: 'list' } },
    schema: { tags, querystring: z.object({ query: z.string().trim().max(200).optional().default('') }) },
  }, async (request) => ({ data: await users.autocomplete(request.query.query) }));

  app.get('/users/by-role/seller', {
    config: { access: { resource: 'sellers', action: 'list' } },
    schema: { tags, querystring: z.object({ city_id: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)) }) },
  }, async (request) => ({ data: await users.sellers(request.query.city_id) }));

  registerCrud(app, {
    path: '/users', resource: 'users', entity: 'User', listKey: 'users', createPath: '/users/create', updateMethod: 'PUT',
    createSchema: userCreateSchema, updateSchema: userUpdateSchema, service: users,
  });
};
