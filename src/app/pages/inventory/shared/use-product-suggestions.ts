import { useCustom } from '@refinedev/core';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../../domain/constants';
import { useT } from '../../../i18n/use-t';
import type { ProductSuggestion } from './types';
import { useDebouncedValue } from './use-debounced-value';

/**
 * GET /products/autocomplete?q= 300 ms after typing stops (SPEC.md section 9). Needs the 'product-search'
 * permission only, so the warehouse-user can name products without the catalogue screens.
 */
export function useProductSuggestions(text: string, allowed = true) {
  const { t } = useT();
  const term = useDebouncedValue(text.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const { result, query } = useCustom<{ data: ProductSuggestion[] }>({
    url: '/products/autocomplete',
    method: 'get',
    config: { query: { q: term } },
    queryOptions: { enabled: allowed && term.length > 0, placeholderData: undefined, retry: false },
    errorNotification: false,
    meta: { errorMessage: t('inventory.productSearch.failed') },
  });
  const searching = allowed && text.trim().length > 0 && (term !== text.trim() || query.isFetching);
  return {
    suggestions: term ? (result.data?.data ?? []) : [],
    searching,
    error: term && query.isError ? query.error : null,
  };
}
