import { Form, Input, Tag, type FormRule } from 'antd';
import { BATCH_MESSAGES } from '../../../domain/schemas/batches';
import { DateField } from '../../components/DateField';
import { StepFormModal } from '../../crud/show/StepFormModal';
import { useT } from '../../i18n/use-t';
import type { StepFormProps } from '../../resources/types';
import { expiredOn } from '../inventory/stock/batch-validation';
import { useConfirmExpired } from '../inventory/stock/use-confirm-expired';
import {
  NOTHING_TO_RECEIVE,
  batchNoProblem,
  expiredBatches,
  expiryProblem,
  moreThanDue,
  noteFields,
  receiptOf,
  receivableLines,
  type StepLineValues,
  type StepLinesValues,
} from './step-lines';
import { CELL, StepLines, quantityColumn } from './StepLines';
import { orderOf, type OrderLine } from './types';
import { useLinesStep } from './use-lines-step';

const NOTE_MAX = 1000;
const isTracked = (line: OrderLine) => line.tracks_expiry === true;
const number = (n: number) => n.toLocaleString('en-IN');

/**
 * Receive (a purchase order's delivery): a row per line with something still due, its quantity starting at what is
 * due (0 leaves the line out), a batch number and expiry date where the product tracks expiry, and a note. Checked as
 * the API would before anything is sent; an expired batch is received only once the person says so.
 */
export function ReceiveForm({ record, step, open, busy, submit, onClose }: StepFormProps) {
  const order = orderOf(record);
  const [form] = Form.useForm<StepLinesValues>();
  const { rows, problem, setProblem, send } = useLinesStep(order, receivableLines, form, submit, ['quantity', 'batch_no', 'expiry_date']);
  const confirmExpired = useConfirmExpired();
  const { t, tx } = useT();
  const tracked = rows.some((l) => l.tracks_expiry);
  const rowValues = (row: number) => form.getFieldValue(['lines', row]) as StepLineValues | undefined;
  const rule = (problemOf: () => string | null): FormRule => ({
    validator: async () => {
      const p = problemOf();
      if (p) throw new Error(tx(p));
    },
  });

  const finish = async () => {
    const values = form.getFieldsValue(true) as StepLinesValues;
    const { lines, rowOf } = receiptOf(rows, values);
    if (!lines.length) return setProblem(NOTHING_TO_RECEIVE);
    for (const expired of expiredBatches(lines)) {
      if (!(await confirmExpired(expired.batchNo, expired.day))) return;
      lines[expired.index]!.confirm_expired = true;
    }
    await send({ lines, ...noteFields(values.note) }, rowOf);
  };

  const batchColumns = () =>
    tracked
      ? [
          {
            key: 'batch_no',
            title: t('purchaseOrders.receive.batchNumber'),
            applies: isTracked,
            render: (line: OrderLine, row: number) => (
              <Form.Item
                name={['lines', row, 'batch_no']}
                style={CELL}
                dependencies={[['lines', row, 'quantity']]}
                rules={[rule(() => batchNoProblem(line, rowValues(row)))]}
              >
                <Input
                  aria-label={t('purchaseOrders.receive.batchNumberOf', { product: line.product_name })}
                  placeholder={t('purchaseOrders.receive.batchNumberExample')}
                  maxLength={50}
                  style={{ width: 150 }}
                />
              </Form.Item>
            ),
          },
          {
            key: 'expiry_date',
            title: t('purchaseOrders.receive.expiryDate'),
            applies: isTracked,
            render: (line: OrderLine, row: number) => (
              <Form.Item
                name={['lines', row, 'expiry_date']}
                style={CELL}
                dependencies={[['lines', row, 'quantity']]}
                rules={[
                  rule(() => expiryProblem(line, rowValues(row))),
                  {
                    warningOnly: true,
                    validator: async (_rule, day) => {
                      if (expiredOn(day)) throw new Error(t('purchaseOrders.receive.expiredWarning', { problem: tx(BATCH_MESSAGES.expired) }));
                    },
                  },
                ]}
              >
                <DateField
                  aria-label={t('purchaseOrders.receive.expiryDateOf', { product: line.product_name })}
                  placeholder={t('purchaseOrders.receive.expiryDatePlaceholder')}
                  style={{ width: 150 }}
                />
              </Form.Item>
            ),
          },
        ]
      : [];

  return (
    <StepFormModal
      step={step}
      open={open}
      busy={busy}
      title={t('purchaseOrders.receive.title', { number: order.number })}
      problem={problem && tx(problem)}
      onProblemClose={() => setProblem(null)}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={t('purchaseOrders.steps.receive')}
        initialValues={{ lines: rows.map((l) => ({ quantity: l.due_quantity })) }}
        onFinish={finish}
        onValuesChange={() => setProblem(null)}
      >
        <StepLines
          label={t('purchaseOrders.receive.lines')}
          rows={rows}
          product={(line) => (
            <>
              {line.product_name}
              {line.tracks_expiry && <Tag style={{ marginInlineStart: 6 }}>{t('purchaseOrders.receive.batchAndExpiry')}</Tag>}
            </>
          )}
          figures={[
            { key: 'ordered', title: t('purchaseOrders.lines.ordered'), text: (line) => number(line.quantity) },
            { key: 'received', title: t('purchaseOrders.status.received'), text: (line) => number(line.received_quantity) },
            { key: 'due', title: t('purchaseOrders.lines.due'), text: (line) => number(line.due_quantity) },
          ]}
          inputs={[
            quantityColumn(
              t('purchaseOrders.receive.now'),
              (line) => t('purchaseOrders.receive.quantityOf', { product: line.product_name }),
              (line) => line.due_quantity,
              moreThanDue,
              tx,
            ),
            ...batchColumns(),
          ]}
        />
        <Form.Item name="note" label={t('purchaseOrders.receive.noteLabel')} style={{ marginTop: 16, marginBottom: 0 }}>
          <Input.TextArea
            aria-label={t('purchaseOrders.fields.notes')}
            rows={2}
            maxLength={NOTE_MAX}
            placeholder={t('purchaseOrders.receive.notePlaceholder')}
          />
        </Form.Item>
      </Form>
    </StepFormModal>
  );
}
