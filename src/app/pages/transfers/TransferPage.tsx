import { useCan } from '@refinedev/core';
import { Alert, App, Button, Card, Checkbox, Col, Descriptions, Input, Popconfirm, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatINR } from '../../../domain/money';
import type { NumberFieldValue } from '../../components/number-text';
import { PageHeader } from '../inventory/shared/PageHeader';
import { TransferHistory } from './TransferHistory';
import { TransferLinesTable } from './TransferLinesTable';
import { TransferStatusTag } from './TransferStatusTag';
import type { TransferDetail } from './types';
import { useTransfer } from './use-transfer';

const when = (at: string | null, by: string | null) => (at ? `${dayjs(at).format('DD MMM YYYY, HH:mm')}${by ? ` by ${by}` : ''}` : '—');

/** What the receiver typed, checked before sending: whole numbers from 0 up to what is in transit. */
function receiptOf(transfer: TransferDetail, typed: Record<string, NumberFieldValue>) {
  const errors: Record<string, string> = {};
  const lines: { product_id: string; quantity: number }[] = [];
  for (const line of transfer.lines.filter((l) => l.in_transit > 0)) {
    const value = typed[line.product_id] ?? line.in_transit;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) errors[line.product_id] = 'Enter a whole number of 0 or more';
    else if (value > line.in_transit) errors[line.product_id] = `Only ${line.in_transit} in transit`;
    else if (value > 0) lines.push({ product_id: line.product_id, quantity: value });
  }
  return { errors, lines };
}

/** `/transfers/:id`: the transfer's lines, where their units are, its history, and the step its status allows. */
export default function TransferPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const { transfer, loading, error, busy, dispatch, receive, cancel } = useTransfer(id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<string, NumberFieldValue>>({});
  const [closing, setClosing] = useState(false);
  const [note, setNote] = useState('');
  const [cancelNote, setCancelNote] = useState('');
  const [typedErrors, setTypedErrors] = useState<Record<string, string>>({});
  const { data: canDispatch } = useCan({ resource: 'transfers', action: 'dispatch' });
  const { data: canReceive } = useCan({ resource: 'transfers', action: 'receive' });
  const { data: canCancel } = useCan({ resource: 'transfers', action: 'cancel' });

  if (error) return <Alert type="error" showIcon role="alert" message={error.message} action={<Link to="/transfers">Back to Transfers</Link>} />;
  if (loading || !transfer) return <Skeleton active />;

  const inTransit = transfer.status === 'dispatched' || transfer.status === 'partially_received';
  const receivable = inTransit && !!canReceive?.can;
  const cancellable = (transfer.status === 'draft' || inTransit) && !!canCancel?.can;
  const receipt = receiptOf(transfer, typed);
  const receivedNow = receipt.lines.reduce((sum, l) => sum + l.quantity, 0);
  const leftOver = transfer.in_transit_quantity - receivedNow;

  const run = async (step: () => Promise<TransferDetail>, done: string) => {
    setActionError(null);
    try {
      await step();
      void message.success(done);
      setTyped({});
      setClosing(false);
      setNote('');
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  const startReceive = () => {
    setTypedErrors(receipt.errors);
    return Object.keys(receipt.errors).length === 0;
  };

  return (
    <>
      <PageHeader
        title={<>Transfer {transfer.reference} <TransferStatusTag status={transfer.status} /></>}
        subTitle={`${transfer.from_warehouse_name} → ${transfer.to_warehouse_name}`}
        extra={
          <>
            <Link to="/transfers"><Button>Back</Button></Link>
            {cancellable && (
              <Popconfirm
                title="Cancel this transfer?"
                description={
                  <>
                    {inTransit
                      ? `The ${transfer.in_transit_quantity} unit(s) in transit go back to ${transfer.from_warehouse_name}.`
                      : 'Nothing has moved yet.'}
                    <Input aria-label="Reason for cancelling" placeholder="Reason (optional)" value={cancelNote} maxLength={1000}
                      onChange={(e) => setCancelNote(e.target.value)} style={{ marginTop: 8 }} />
                  </>
                }
                okText="Cancel Transfer"
                cancelText="Keep"
                okButtonProps={{ danger: true }}
                onConfirm={() => run(() => cancel(cancelNote.trim() || undefined), 'Transfer cancelled')}
              >
                <Button danger disabled={busy}>Cancel Transfer</Button>
              </Popconfirm>
            )}
            {transfer.status === 'draft' && canDispatch?.can && (
              <Popconfirm
                title="Dispatch this transfer?"
                description={`All ${transfer.lines.reduce((s, l) => s + l.quantity, 0)} unit(s) leave ${transfer.from_warehouse_name} now.`}
                okText="Dispatch"
                onConfirm={() => run(dispatch, 'Transfer dispatched')}
              >
                <Button type="primary" loading={busy}>Dispatch</Button>
              </Popconfirm>
            )}
          </>
        }
      />
      {actionError && <Alert type="error" showIcon role="alert" closable onClose={() => setActionError(null)} message={actionError} style={{ marginBottom: 12 }} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="From">{transfer.from_warehouse_name}</Descriptions.Item>
              <Descriptions.Item label="To">{transfer.to_warehouse_name}</Descriptions.Item>
              <Descriptions.Item label="Created">{when(transfer.created, transfer.created_by_name)}</Descriptions.Item>
              <Descriptions.Item label="Dispatched">{when(transfer.dispatched_at, transfer.dispatched_by_name)}</Descriptions.Item>
              <Descriptions.Item label="Received">{when(transfer.received_at, transfer.received_by_name)}</Descriptions.Item>
              {transfer.cancelled_at && <Descriptions.Item label="Cancelled">{when(transfer.cancelled_at, transfer.cancelled_by_name)}</Descriptions.Item>}
              <Descriptions.Item label="In transit">
                <span data-testid="transfer-in-transit">{transfer.in_transit_quantity.toLocaleString('en-IN')} unit(s){transfer.in_transit_value !== undefined && ` · ${formatINR(transfer.in_transit_value)}`}</span>
              </Descriptions.Item>
              {transfer.notes && <Descriptions.Item label="Notes">{transfer.notes}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title="Status history" style={{ marginBottom: 16 }}>
            <TransferHistory history={transfer.history} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="Products">
        <TransferLinesTable
          lines={transfer.lines}
          receiving={receivable ? {
            values: Object.fromEntries(transfer.lines.map((l) => [l.product_id, typed[l.product_id] ?? l.in_transit])),
            errors: typedErrors,
            onChange: (productId, value) => setTyped((all) => ({ ...all, [productId]: value })),
          } : undefined}
        />
        {receivable && (
          <div style={{ marginTop: 12 }}>
            <Checkbox checked={closing} onChange={(e) => setClosing(e.target.checked)}>
              Close the transfer: record what did not arrive as damaged
            </Checkbox>
            {closing && (
              <Input.TextArea aria-label="What happened to the missing units" placeholder="What happened to the missing units (required)"
                rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} style={{ marginTop: 8 }} />
            )}
            <div style={{ marginTop: 12 }}>
              <Popconfirm
                title="Receive these quantities?"
                description={closing && leftOver > 0
                  ? `${receivedNow} unit(s) go into ${transfer.to_warehouse_name}; ${leftOver} are recorded as damaged and the transfer closes.`
                  : `${receivedNow} unit(s) go into ${transfer.to_warehouse_name}${leftOver > 0 ? `; ${leftOver} stay in transit` : ''}.`}
                okText="Receive"
                disabled={busy}
                onOpenChange={(open) => open && startReceive()}
                onConfirm={() => (startReceive() ? run(() => receive({ lines: receipt.lines, close: closing, ...(closing ? { note: note.trim() } : {}) }), 'Transfer received') : undefined)}
              >
                <Button type="primary" loading={busy}>Receive</Button>
              </Popconfirm>
            </div>
          </div>
        )}
      </Card>
    </>
  );
}
