import { useDataProvider } from '@refinedev/core';
import { useCallback } from 'react';
import type { ProductSuggestion } from '../inventory/shared/types';
import { candidate, hasCode, resolveScan, type ScanOutcome } from './scan-match';
import type { StockTakeLine } from './types';

/**
 * Enter in the scan box: a barcode or SKU of a line on the sheet is answered at once (a scanner is faster than any
 * request); anything else also asks the product search, at once rather than after the typing debounce.
 */
export function useScanResolver(lines: StockTakeLine[]): (code: string) => Promise<ScanOutcome> {
  const dataProvider = useDataProvider();
  return useCallback(
    async (code: string) => {
      const sheet = lines.map((l) => candidate({ _id: l.product_id, ...l }, true));
      const onSheet = resolveScan(code, sheet, []);
      if (onSheet.kind === 'one' && hasCode(onSheet.product, code)) return onSheet;
      const provider = dataProvider();
      const { data } = await provider.custom!<{ data: ProductSuggestion[] }>({
        url: `${provider.getApiUrl()}/products/autocomplete`,
        method: 'get',
        query: { q: code.trim() },
        meta: { errorMessage: 'Failed to fetch products' },
      });
      return resolveScan(
        code,
        sheet,
        data.data.map((p) => candidate(p, false)),
      );
    },
    [dataProvider, lines],
  );
}
