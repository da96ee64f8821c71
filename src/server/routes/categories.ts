import type { RouteModule } from '../http/types.js';
import { categoryService } from '../services/category-service.js';

export const categoryRoutes: RouteModule = (app, { database }) => {
  const categories = categoryService(database.db);
  app.get('/categories/main', { config: { access: { resource: 'categories', action: 'list' } }, schema: { tags: ['categories'] } }, async () => ({
    MainCategories: await categories.main(),
  }));
};
