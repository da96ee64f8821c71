import { z } from 'zod';
import { idParam } from '../../domain/schemas/common.js';
import { sellerQuery } from '../../domain/schemas/user.js';
import type { RouteModule } from '../http/types.js';
import { userService } from '../services/user-service.js';

/** Users' routes beside its declared CRUD ones (src/server/resources/users.ts): the search box's suggestions and the seller pickers. */
export const userRoutes: RouteModule = (app, { database, sessions }) => {
  const users = userService(database.db, sessions);
  const tags = ['users'];

  app.get(
    '/users/autocomplete',
    {
      config: { access: { resource: 'users', action: 'list' } },
      schema: { tags, querystring: z.object({ query: z.string().trim().max(200).optional().default('') }) },
    },
    async (request) => ({ data: await users.autocomplete(request.query.query) }),
  );

  app.get(
    '/users/by-role/seller',
    { config: { access: { resource: 'sellers', action: 'list' } }, schema: { tags, querystring: sellerQuery } },
    async (request) => {
      const { data, total } = await users.sellers(request.query);
      return { data, total, page: request.query.page, limit: request.query.limit };
    },
  );

  app.get('/users/by-role/seller/:id', { config: { access: { resource: 'sellers', action: 'list' } }, schema: { tags, params: idParam } }, (request) =>
    users.seller(request.params.id),
  );
};
