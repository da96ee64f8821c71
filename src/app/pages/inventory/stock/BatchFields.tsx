import { Form, Input } from 'antd';
import { DateField } from '../../../components/DateField';

type Props = {
  /** The validation state of a field (the first failing rule of the form, when it is this one). */
  errorOf: (field: string) => { validateStatus?: 'error'; help?: string };
  /** The expiry date has already passed: said beside it (receiving it then asks for a confirmation). */
  expired?: boolean;
};

const EXPIRED_WARNING = { validateStatus: 'warning' as const, help: 'This date has passed: the batch is already expired and will never be sold.' };

/** Batch number, expiry date and manufacturing date: shown when the chosen product tracks expiry (issue 17). */
export function BatchFields({ errorOf, expired }: Props) {
  const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))', columnGap: 16 } as const;
  return (
    <div style={grid} role="group" aria-label="Batch">
      <Form.Item label="Batch Number" name="batch_no" required {...errorOf('batch_no')}>
        <Input placeholder="e.g. B-2411-07" maxLength={50} />
      </Form.Item>
      <Form.Item label="Expiry Date" name="expiry_date" required {...(expired ? EXPIRED_WARNING : {})} {...errorOf('expiry_date')}>
        <DateField placeholder="Expiry date" />
      </Form.Item>
      <Form.Item label="Manufacturing Date" name="mfg_date" {...errorOf('mfg_date')}>
        <DateField placeholder="Optional" />
      </Form.Item>
    </div>
  );
}
