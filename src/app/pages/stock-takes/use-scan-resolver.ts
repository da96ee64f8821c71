import { useDataProvider } from '@refinedev/core';
import { useCallback } from 'react';
import type { ProductSuggestion } from '../inventory/shared/types';
import { candidate, hasCode, resolveScan, type ScanOutcome } from './scan-match';
import type { StockTakeLine, StockTakePage } from './types';

/** Lines of the sheet a scan may name, and products of the catalogue, asked for at once. */
const MATCHES = 20;

/**
 * Enter in the scan box: a barcode or SKU of a line shown is answered at once (a scanner is faster than any request);
 * anything else asks the sheet (its lines whose name contains the text, or with that SKU or barcode) and the product
 * search together, at once rather than after the typing debounce.
 */
export function useScanResolver(takeId: string, shown: StockTakeLine[]): (code: string) => Promise<ScanOutcome> {
  const dataProvider = useDataProvider();
  return useCallback(
    async (code: string) => {
      const onPage = shown.map((l) => candidate({ _id: l.product_id, ...l }, true));
      const quick = resolveScan(code, onPage, []);
      if (quick.kind === 'one' && hasCode(quick.product, code)) return quick;
      const provider = dataProvider();
      const q = code.trim();
      const [sheet, catalogue] = await Promise.all([
        provider.custom!<StockTakePage>({
          url: `${provider.getApiUrl()}/stock-takes/${takeId}`,
          method: 'get',
          query: { q, limit: MATCHES },
          meta: { errorMessage: 'Failed to fetch the lines of the stock take' },
        }),
        provider.custom!<{ data: ProductSuggestion[] }>({
          url: `${provider.getApiUrl()}/products/autocomplete`,
          method: 'get',
          query: { q },
          meta: { errorMessage: 'Failed to fetch products' },
        }),
      ]);
      return resolveScan(
        code,
        sheet.data.lines.map((l) => candidate({ _id: l.product_id, ...l }, true)),
        catalogue.data.data.map((p) => candidate(p, false)),
      );
    },
    [dataProvider, takeId, shown],
  );
}
