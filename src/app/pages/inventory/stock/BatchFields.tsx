import { Form, Input } from 'antd';
import { DateField } from '../../../components/DateField';
import { useT } from '../../../i18n/use-t';

type Props = {
  /** The validation state of a field (the first failing rule of the form, when it is this one). */
  errorOf: (field: string) => { validateStatus?: 'error'; help?: string };
  /** The expiry date has already passed: said beside it (receiving it then asks for a confirmation). */
  expired?: boolean;
};

/** Batch number, expiry date and manufacturing date: shown when the chosen product tracks expiry (issue 17). */
export function BatchFields({ errorOf, expired }: Props) {
  const { t } = useT();
  const expiredWarning = { validateStatus: 'warning' as const, help: t('batches.expiredWarning') };
  const [batchError, expiryError, mfgError] = [errorOf('batch_no'), errorOf('expiry_date'), errorOf('mfg_date')];
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))', columnGap: 16 } as const;
  return (
    <div style={grid} role="group" aria-label={t('batches.columns.batch')}>
      <Form.Item label={t('batches.fields.batchNumber')} name="batch_no" required {...batchError}>
        <Input placeholder={t('batches.fields.batchPlaceholder')} maxLength={50} />
      </Form.Item>
      <Form.Item label={t('batches.fields.expiryDate')} name="expiry_date" required {...(expired ? expiredWarning : {})} {...expiryError}>
        <DateField placeholder={t('batches.fields.expiryDateText')} />
      </Form.Item>
      <Form.Item label={t('batches.fields.mfgDate')} name="mfg_date" {...mfgError}>
        <DateField placeholder={t('batches.fields.optional')} />
      </Form.Item>
    </div>
  );
}
