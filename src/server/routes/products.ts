import { autocompleteQuery } from '../../domain/schemas/product.js';
import type { RouteModule } from '../http/types.js';
import { productService } from '../services/product-service.js';

const tags = ['products'];

/** Beside products' declared CRUD routes (src/server/routes/declared.ts): the name search. */
export const productRoutes: RouteModule = (app, { database }) => {
  const products = productService(database.db, app.log);

  // The router ranks this static segment before the declared /products/:id.
  // Any signed-in role: the stock screens (warehouse-user) name products through this search too.
  app.get(
    '/products/autocomplete',
    { config: { access: { resource: 'product-search', action: 'list' } }, schema: { tags, querystring: autocompleteQuery } },
    async (request) => ({ data: await products.autocomplete(request.query.q) }),
  );
};
