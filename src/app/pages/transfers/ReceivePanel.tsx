import { Button, Checkbox, Form, Input, Popconfirm, type FormInstance } from 'antd';
import { useState } from 'react';
import { CLOSE_NOTE_MESSAGE } from '../../../domain/schemas/transfer';
import { useT } from '../../i18n/use-t';
import { receiptOf, type ReceiveValues } from './receipt';
import { TransferLinesTable } from './TransferLinesTable';
import type { TransferDetail } from './types';

type Props = {
  transfer: TransferDetail;
  busy: boolean;
  /** Sends the receipt; resolves once the transfer shows it (the form then starts again from what is in transit). */
  onReceive: (receipt: { lines: { product_id: string; quantity: number }[]; close: boolean; note?: string }) => Promise<void>;
};

/**
 * The products of a transfer in transit with a 'Receive now' box each, and the close option. Every box is checked as it
 * is typed (a whole number from 0 up to what is in transit) and the reason for closing short is required: the
 * confirmation opens only once the form passes, so nothing invalid is ever sent.
 */
export function ReceivePanel({ transfer, busy, onReceive }: Props) {
  const [form] = Form.useForm<ReceiveValues>();
  const [confirming, setConfirming] = useState(false);
  const { t, tx } = useT();
  const typed = Form.useWatch('receive', form);
  const closing = Form.useWatch('close', form) ?? false;
  const { lines, received, leftOver } = receiptOf(transfer, typed);

  const askToConfirm = () => {
    form.validateFields().then(
      () => setConfirming(true),
      () => setConfirming(false),
    );
  };
  const confirm = async () => {
    setConfirming(false);
    const note = (form.getFieldValue('note') as string | undefined)?.trim();
    await onReceive({ lines, close: closing, ...(closing ? { note } : {}) });
  };

  return (
    // A new state of the transfer (after a receipt) starts the form again from what is then in transit.
    <Form form={form} key={transfer.modified} aria-label={t('transfers.receive.label')} component="div">
      <TransferLinesTable lines={transfer.lines} receiving />
      <div style={{ marginTop: 12 }}>
        <Form.Item name="close" valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox onChange={() => form.setFields([{ name: 'note', errors: [] }])}>{t('transfers.receive.close')}</Checkbox>
        </Form.Item>
        {closing && (
          <Form.Item
            name="note"
            rules={[
              {
                validator: async (_rule, note?: string) => {
                  if (leftOverNow(form, transfer) > 0 && !note?.trim()) throw new Error(tx(CLOSE_NOTE_MESSAGE));
                },
              },
            ]}
          >
            <Input.TextArea aria-label={t('transfers.receive.missing')} placeholder={t('transfers.receive.missingPlaceholder')} rows={2} maxLength={1000} />
          </Form.Item>
        )}
        <Popconfirm
          open={confirming}
          onOpenChange={(open) => !open && setConfirming(false)}
          title={t('transfers.receive.confirm')}
          description={
            closing && leftOver > 0
              ? t('transfers.receive.closing', { n: received, warehouse: transfer.to_warehouse_name, lost: leftOver })
              : leftOver > 0
                ? t('transfers.receive.goIntoLeft', { n: received, warehouse: transfer.to_warehouse_name, left: leftOver })
                : t('transfers.receive.goInto', { n: received, warehouse: transfer.to_warehouse_name })
          }
          okText={t('transfers.receive.label')}
          onConfirm={confirm}
        >
          <Button type="primary" loading={busy} onClick={askToConfirm}>
            {t('transfers.receive.label')}
          </Button>
        </Popconfirm>
      </div>
    </Form>
  );
}

/** Units left in transit by what the form holds at the moment a rule runs. */
const leftOverNow = (form: FormInstance<ReceiveValues>, transfer: TransferDetail) =>
  receiptOf(transfer, form.getFieldValue('receive') as ReceiveValues['receive']).leftOver;
