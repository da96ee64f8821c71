import { PlusOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { transferCreateSchema } from '../../../domain/schemas/transfer';
import { useT } from '../../i18n/use-t';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { useIdempotencyKey } from '../inventory/stock/idempotency-key';
import { TransferLineRow, type DraftLine } from './TransferLineRow';
import type { TransferDetail } from './types';

let lineKeys = 0;
const nextKey = () => `line-${++lineKeys}`;
const emptyLine = (): DraftLine => ({ key: nextKey(), text: '', quantity: undefined });

/** A draft's lines as the form edits them: each product picked already, with its quantity. */
const linesOf = (draft: TransferDetail): DraftLine[] =>
  draft.lines.map((l) => ({ key: nextKey(), text: l.product_name, product: { _id: l.product_id, productname: l.product_name }, quantity: l.quantity }));

type Props = {
  /** The draft being edited; absent: a new transfer. */
  draft?: TransferDetail;
};

/**
 * Source and destination, the products with their quantities (and stock at the source), notes: a new transfer
 * (POST /transfers) or a draft edited (PUT /transfers/{id}), checked by the API's own schema before anything is sent.
 */
export function TransferForm({ draft }: Props) {
  const navigate = useNavigate();
  const { t, tx } = useT();
  const invalidate = useInvalidate();
  const keys = useIdempotencyKey();
  const [from, setFrom] = useState<string | undefined>(draft?.from_warehouse_id);
  const [to, setTo] = useState<string | undefined>(draft?.to_warehouse_id);
  const [notes, setNotes] = useState(draft?.notes ?? '');
  const [lines, setLines] = useState<DraftLine[]>(() => (draft ? linesOf(draft) : [emptyLine()]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<TransferDetail>();
  const busy = useRef(false);
  const cancelTo = draft ? `/transfers/${draft._id}` : '/transfers';

  const payload = () => ({
    from_warehouse_id: from ?? '',
    to_warehouse_id: to ?? '',
    lines: lines.map((l) => ({ product_id: l.product?._id ?? '', quantity: l.quantity })),
    notes,
  });

  const submit = async () => {
    if (busy.current) return;
    setMessage(null);
    const body = payload();
    const parsed = transferCreateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        // A line without a picked product says so, whatever the schema calls an empty id.
        found[field] ??= /^lines\.\d+\.product_id$/.test(field) && !issue.message.includes('twice') ? t('transfers.form.pickProduct') : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    busy.current = true;
    try {
      const { data } = await mutateAsync({
        url: draft ? `/transfers/${draft._id}` : '/transfers',
        method: draft ? 'put' : 'post',
        values: parsed.data,
        config: { headers: { 'Idempotency-Key': keys.keyFor(parsed.data) } },
        successNotification: false,
        errorNotification: false,
        meta: { errorMessage: draft ? 'Failed to update transfer' : 'Failed to create transfer' },
      });
      void invalidate({ resource: 'transfers', invalidates: ['list'] });
      navigate(`/transfers/${data._id}`);
    } catch (e) {
      const error = e as HttpError;
      setErrors(Object.fromEntries(Object.entries(error.errors ?? {}).map(([k, v]) => [k, String(v)])));
      setMessage(error.message);
    } finally {
      busy.current = false;
    }
  };

  const update = (index: number, line: DraftLine) => setLines((all) => all.map((l, i) => (i === index ? line : l)));

  return (
    <Card>
      <Form layout="vertical" onFinish={() => void submit()} component="form" aria-label={draft ? t('transfers.form.editLabel') : t('transfers.form.newLabel')}>
        {message && <Alert type="error" showIcon role="alert" message={tx(message)} style={{ marginBottom: 16 }} />}
        <Flex gap={12} wrap>
          <Form.Item
            label={t('transfers.fields.fromWarehouse')}
            required
            validateStatus={errors.from_warehouse_id ? 'error' : undefined}
            help={errors.from_warehouse_id && t('transfers.form.pickFrom')}
            style={{ flex: '1 1 260px' }}
          >
            <WarehouseSelect aria-label={t('transfers.fields.fromWarehouse')} value={from} onChange={setFrom} scope="transfers" activeOnly />
          </Form.Item>
          <Form.Item
            label={t('transfers.fields.toWarehouse')}
            required
            validateStatus={errors.to_warehouse_id ? 'error' : undefined}
            help={errors.to_warehouse_id && (to ? tx(errors.to_warehouse_id) : t('transfers.form.pickTo'))}
            style={{ flex: '1 1 260px' }}
          >
            <WarehouseSelect aria-label={t('transfers.fields.toWarehouse')} value={to} onChange={setTo} scope={null} activeOnly />
          </Form.Item>
        </Flex>
        {errors.lines && <Alert type="error" showIcon message={tx(errors.lines)} style={{ marginBottom: 12 }} />}
        {lines.map((line, i) => (
          <TransferLineRow
            key={line.key}
            index={i}
            line={line}
            fromWarehouseId={from}
            errors={{ product: errors[`lines.${i}.product_id`], quantity: errors[`lines.${i}.quantity`] }}
            onChange={(next) => update(i, next)}
            onRemove={lines.length > 1 ? () => setLines((all) => all.filter((_, j) => j !== i)) : undefined}
          />
        ))}
        <Button icon={<PlusOutlined />} onClick={() => setLines((all) => [...all, emptyLine()])} style={{ marginBottom: 16 }}>
          {t('transfers.form.addProduct')}
        </Button>
        <Form.Item label={t('transfers.fields.notes')} validateStatus={errors.notes ? 'error' : undefined} help={errors.notes && tx(errors.notes)}>
          <Input.TextArea aria-label={t('transfers.fields.notes')} rows={2} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {draft ? t('transfers.form.save') : t('transfers.form.create')}
          </Button>
          <Link to={cancelTo}>
            <Button>{t('buttons.cancel')}</Button>
          </Link>
        </Flex>
      </Form>
    </Card>
  );
}
