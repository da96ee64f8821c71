import { idParam, listQueryFor } from '../../domain/schemas/common.js';
import { autocompleteQuery, productListQuery, productPatchSchema, productSchema } from '../../domain/schemas/product.js';
import type { Action } from '../../domain/policy.js';
import { created } from '../http/openapi.js';
import type { RouteModule } from '../http/types.js';
import { productService } from '../services/product-service.js';
import { PRODUCT_SORT_FIELDS } from '../services/product-query.js';

const perm = (action: Action) => ({ access: { resource: 'products' as const, action } });
const tags = ['products'];

export const productRoutes: RouteModule = (app, { database }) => {
  const products = productService(database.db, app.log);

  // Registered before /products/:id for readability; the router ranks the static segment first anyway.
  // Any signed-in role: the stock screens (warehouse-user) name products through this search too.
  app.get('/products/autocomplete', { config: { access: { resource: 'product-search', action: 'list' } }, schema: { tags, querystring: autocompleteQuery } },
    async (request) => ({ data: await products.autocomplete(request.query.q) }));

  app.get('/products', { config: perm('list'), schema: { tags, querystring: listQueryFor(PRODUCT_SORT_FIELDS).extend(productListQuery.shape) } }, async (request) => {
    const { warehouse_id, ...query } = request.query;
    const { rows, total } = await products.list({ ...query, warehouseId: warehouse_id });
    return { data: rows, total, page: query.page, limit: query.limit };
  });

  app.get('/products/:id', { config: perm('show'), schema: { tags, params: idParam } }, (request) => products.get(request.params.id));

  app.post('/products', { config: perm('create'), schema: { tags, body: productSchema, response: created } },
    async (request, reply) => reply.status(201).send(await products.create(request.body)));

  app.patch('/products/:id', { config: perm('edit'), schema: { tags, params: idParam, body: productPatchSchema } },
    (request) => products.update(request.params.id, request.body));

  app.delete('/products/:id', { config: perm('delete'), schema: { tags, params: idParam } }, async (request) => {
    await products.remove(request.params.id);
    return { message: 'Product deleted successfully' };
  });
};
