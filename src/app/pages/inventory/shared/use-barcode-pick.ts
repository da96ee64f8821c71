import { useDataProvider } from '@refinedev/core';
import { useCallback } from 'react';
import { looksLikeBarcode } from '../../../../domain/barcode';
import type { ProductSuggestion } from './types';

/**
 * A barcode scanner types the digits and Enter, faster than any debounce: Enter on text that looks like a barcode
 * asks the API at once (`/products/autocomplete` matches a barcode exactly) and answers the product with exactly
 * that barcode, or null.
 */
export function useBarcodePick(): (text: string) => Promise<ProductSuggestion | null> {
  const dataProvider = useDataProvider();
  return useCallback(
    async (text: string) => {
      const code = text.trim();
      if (!looksLikeBarcode(code)) return null;
      const provider = dataProvider();
      const { data } = await provider.custom!<{ data: ProductSuggestion[] }>({
        url: `${provider.getApiUrl()}/products/autocomplete`,
        method: 'get',
        query: { q: code },
      });
      return data.data.find((p) => p.barcode === code) ?? null;
    },
    [dataProvider],
  );
}
