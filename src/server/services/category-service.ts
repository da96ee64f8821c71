import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { categories, subcategories } from '../db/schema.js';

export type SubcategoryOut = { name: string; subcategory_id: string; gst_rate: number; gst_type: string; hsn_code: string; perishable: boolean };
export type MainCategoryOut = { category: string; category_id: string; subcategories: SubcategoryOut[] };

export function categoryService(db: Db) {
  return {
    /** Every category with its subcategories and their GST defaults, in name order: two queries. */
    async main(): Promise<MainCategoryOut[]> {
      const [cats, subs] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.name)),
        db.select().from(subcategories).orderBy(asc(subcategories.name)),
      ]);
      const byCategory = new Map<string, SubcategoryOut[]>(cats.map((c) => [c.id, []]));
      for (const s of subs) {
        byCategory.get(s.categoryId)?.push({
          name: s.name,
          subcategory_id: s.id,
          gst_rate: Number(s.gstRate),
          gst_type: s.gstType,
          hsn_code: s.hsnCode,
          perishable: s.perishable,
        });
      }
      return cats.map((c) => ({ category: c.name, category_id: c.id, subcategories: byCategory.get(c.id)! }));
    },
  };
}
