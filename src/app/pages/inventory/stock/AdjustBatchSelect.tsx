import { useCustom } from '@refinedev/core';
import { Form, Select } from 'antd';
import type { BatchRow } from '../../../../domain/schemas/batches';
import { useT } from '../../../i18n/use-t';
import { expiryText } from '../batches/expiry-tone';

type Props = {
  recordId: string;
  errorOf: (field: string) => { validateStatus?: 'error'; help?: string };
  /** A batch was chosen: the form's count starts at that batch's stock. */
  onPick: (batch: BatchRow) => void;
};

/** Adjust Stock of a record that tracks expiry counts one batch (issue 17): which one. */
export function AdjustBatchSelect({ recordId, errorOf, onPick }: Props) {
  const { t, language } = useT();
  const { result, query } = useCustom<{ data: BatchRow[] }>({
    url: `/inventory/${recordId}/batches`,
    method: 'get',
    queryOptions: { retry: false },
    errorNotification: false,
    meta: { errorMessage: t('batches.loadFailed') },
  });
  const batches = result.data?.data ?? [];
  const batchError = errorOf('batch_no');
  return (
    <Form.Item label={t('batches.fields.batchNumber')} name="batch_no" required {...batchError}>
      <Select
        aria-label={t('batches.fields.batchNumber')}
        loading={query.isLoading}
        placeholder={query.error ? t('batches.loadFailed') : t('batches.select.placeholder')}
        notFoundContent={t('batches.select.none')}
        options={batches.map((b) => ({
          value: b.batch_no,
          label: t('batches.select.option', { batch: b.batch_no, stock: b.current_stock, expiry: expiryText(b.days_to_expiry, language) }),
        }))}
        onChange={(batchNo: string) => {
          const batch = batches.find((b) => b.batch_no === batchNo);
          if (batch) onPick(batch);
        }}
      />
    </Form.Item>
  );
}
