import { useList } from '@refinedev/core';
import { useMemo } from 'react';

export type Subcategory = { name: string; subcategory_id: string; gst_rate: number; gst_type: string; hsn_code: string; perishable?: boolean };
export type MainCategory = { category: string; category_id: string; subcategories: Subcategory[] };

/** GET /categories/main: every category with its subcategories and their GST defaults. */
export function useCategories() {
  const { result, query } = useList<MainCategory>({
    resource: 'category-tree',
    pagination: { mode: 'off' },
    errorNotification: false,
    meta: { errorMessage: 'Failed to fetch categories' },
  });
  const categories = result.data;
  return useMemo(
    () => ({
      categories,
      isLoading: query.isLoading,
      error: query.error?.message ?? null,
      find: (categoryId: string | undefined) => categories.find((c) => c.category_id === categoryId),
    }),
    [categories, query.isLoading, query.error],
  );
}
