import { useCustom } from '@refinedev/core';
import { Select } from 'antd';
import type { BatchRow } from '../../../domain/schemas/batches';
import { useT } from '../../i18n/use-t';
import { expiryText } from '../inventory/batches/expiry-tone';
import { useStockLookup } from '../inventory/stock/use-stock-lookup';

type Props = {
  productId: string;
  warehouseId: string;
  'aria-label': string;
  /** The batch number chosen; '' is none: the server takes the earliest expiry first. */
  value?: string;
  onChange?: (batchNo: string) => void;
};

export const EARLIEST_EXPIRY_FIRST = 'Earliest expiry first';

/**
 * Which batch of the product, in the order's warehouse, units go back from: those holding stock (as Adjust Stock lists
 * them, GET /inventory/{id}/batches), or none, leaving the server to take the earliest expiry first.
 */
export function ReturnBatchSelect({ productId, warehouseId, value, onChange, ...rest }: Props) {
  const { t, tx } = useT();
  const lookup = useStockLookup(productId, warehouseId);
  const recordId = lookup.record?._id;
  const { result, query } = useCustom<{ data: BatchRow[] }>({
    url: `/inventory/${recordId ?? ''}/batches`,
    method: 'get',
    queryOptions: { enabled: !!recordId, retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to load the batches' },
  });
  const batches = (result.data?.data ?? []).filter((b) => b.current_stock > 0);
  const failed = !!lookup.error || !!query.error;
  return (
    <Select
      {...rest}
      value={value ?? ''}
      onChange={onChange}
      loading={lookup.isLoading || query.isFetching}
      style={{ minWidth: 240 }}
      popupMatchSelectWidth={false}
      options={[
        { value: '', label: failed ? t('purchaseOrders.return.earliestFirstFailed') : tx(EARLIEST_EXPIRY_FIRST) },
        ...batches.map((b) => ({
          value: b.batch_no,
          label: t('purchaseOrders.return.batchOption', {
            batch: b.batch_no,
            units: b.current_stock.toLocaleString('en-IN'),
            expiry: tx(expiryText(b.days_to_expiry)),
          }),
        })),
      ]}
    />
  );
}
