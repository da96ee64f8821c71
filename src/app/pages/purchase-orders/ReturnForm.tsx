import { Form, Input } from 'antd';
import { StepFormModal } from '../../crud/show/StepFormModal';
import { useT } from '../../i18n/use-t';
import type { StepFormProps } from '../../resources/types';
import { ReturnBatchSelect } from './ReturnBatchSelect';
import { NOTHING_TO_RETURN, moreThanReturnable, noteFields, returnOf, returnable, returnableLines, type StepLinesValues } from './step-lines';
import { CELL, StepLines, quantityColumn } from './StepLines';
import { orderOf, type OrderLine } from './types';
import { useLinesStep } from './use-lines-step';

const NOTE_MAX = 1000;
const number = (n: number) => n.toLocaleString('en-IN');

/**
 * Return to Seller: a row per line with units received and not yet returned, how many go back (0 unless typed; never
 * more than may), from which batch where the product tracks expiry (none chosen: the earliest expiry first), and why.
 */
export function ReturnForm({ record, step, open, busy, submit, onClose }: StepFormProps) {
  const order = orderOf(record);
  const [form] = Form.useForm<StepLinesValues>();
  const { rows, problem, setProblem, send } = useLinesStep(order, returnableLines, form, submit, ['quantity', 'batch_no']);
  const tracked = rows.some((l) => l.tracks_expiry);
  const { t, tx } = useT();

  const finish = async () => {
    const values = form.getFieldsValue(true) as StepLinesValues;
    const { lines, rowOf } = returnOf(rows, values);
    if (!lines.length) return setProblem(NOTHING_TO_RETURN);
    await send({ lines, ...noteFields(values.note) }, rowOf);
  };

  return (
    <StepFormModal
      step={step}
      open={open}
      busy={busy}
      title={t('purchaseOrders.return.title', { number: order.number })}
      problem={problem && tx(problem)}
      onProblemClose={() => setProblem(null)}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={t('purchaseOrders.steps.return')}
        initialValues={{ lines: rows.map(() => ({ quantity: 0, batch_no: '' })) }}
        onFinish={finish}
        onValuesChange={() => setProblem(null)}
      >
        <StepLines
          label={t('purchaseOrders.return.lines')}
          rows={rows}
          product={(line) => line.product_name}
          figures={[
            { key: 'received', title: t('purchaseOrders.status.received'), text: (line) => number(line.received_quantity) },
            { key: 'returned', title: t('purchaseOrders.lines.returned'), text: (line) => number(line.returned_quantity) },
            { key: 'returnable', title: t('purchaseOrders.return.canReturn'), text: (line) => number(returnable(line)) },
          ]}
          inputs={[
            quantityColumn(
              t('purchaseOrders.return.now'),
              (line) => t('purchaseOrders.return.quantityOf', { product: line.product_name }),
              returnable,
              moreThanReturnable,
              tx,
            ),
            ...(tracked
              ? [
                  {
                    key: 'batch_no',
                    title: t('purchaseOrders.return.fromBatch'),
                    applies: (line: OrderLine) => line.tracks_expiry === true,
                    render: (line: OrderLine, row: number) => (
                      <Form.Item name={['lines', row, 'batch_no']} style={CELL}>
                        <ReturnBatchSelect
                          aria-label={t('purchaseOrders.return.batchOf', { product: line.product_name })}
                          productId={line.product_id}
                          warehouseId={order.warehouse_id}
                        />
                      </Form.Item>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Form.Item
          name="note"
          label={t('purchaseOrders.return.why')}
          required
          style={{ marginTop: 16, marginBottom: 0 }}
          rules={[
            {
              validator: async (_rule, note?: string) => {
                // In the words the shared step dialog uses for a required note.
                if (!note?.trim()) throw new Error(t('purchaseOrders.return.noteRequired'));
              },
            },
          ]}
        >
          <Input.TextArea aria-label={t('purchaseOrders.return.note')} rows={2} maxLength={NOTE_MAX} placeholder={t('purchaseOrders.return.notePlaceholder')} />
        </Form.Item>
      </Form>
    </StepFormModal>
  );
}
