import { useCustom } from '@refinedev/core';
import { Form, Select } from 'antd';
import type { BatchRow } from '../../../../domain/schemas/batches';
import { expiryText } from '../batches/expiry-tone';

type Props = {
  recordId: string;
  errorOf: (field: string) => { validateStatus?: 'error'; help?: string };
  /** A batch was chosen: the form's count starts at that batch's stock. */
  onPick: (batch: BatchRow) => void;
};

/** Adjust Stock of a record that tracks expiry counts one batch (issue 17): which one. */
export function AdjustBatchSelect({ recordId, errorOf, onPick }: Props) {
  const { result, query } = useCustom<{ data: BatchRow[] }>({
    url: `/inventory/${recordId}/batches`,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: 'Failed to load the batches' },
  });
  const batches = result.data?.data ?? [];
  return (
    <Form.Item label="Batch Number" name="batch_no" required {...errorOf('batch_no')}>
      <Select
        aria-label="Batch Number"
        loading={query.isLoading}
        placeholder={query.error ? 'Failed to load the batches' : 'Select the batch counted'}
        notFoundContent="No batch holds stock: receive a new batch with Add Stock"
        options={batches.map((b) => ({ value: b.batch_no, label: `${b.batch_no} · ${b.current_stock} units · ${expiryText(b.days_to_expiry)}` }))}
        onChange={(batchNo: string) => {
          const batch = batches.find((b) => b.batch_no === batchNo);
          if (batch) onPick(batch);
        }}
      />
    </Form.Item>
  );
}
