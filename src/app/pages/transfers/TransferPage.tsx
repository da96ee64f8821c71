import { useCan } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Descriptions, Input, Popconfirm, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatINR } from '../../../domain/money';
import { HistoryPanel } from '../../history/HistoryPanel';
import { PageHeader } from '../inventory/shared/PageHeader';
import { ReceivePanel } from './ReceivePanel';
import { TransferHistory } from './TransferHistory';
import { TransferLinesTable } from './TransferLinesTable';
import { TransferStatusTag } from './TransferStatusTag';
import type { TransferDetail } from './types';
import { useTransfer } from './use-transfer';

const when = (at: string | null, by: string | null) => (at ? `${dayjs(at).format('DD MMM YYYY, HH:mm')}${by ? ` by ${by}` : ''}` : '—');

/** `/transfers/:id`: the transfer's lines, where their units are, its status history and History, and the step its status allows. */
export default function TransferPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const { transfer, loading, error, busy, dispatch, receive, cancel } = useTransfer(id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [cancelNote, setCancelNote] = useState('');
  const { data: canCreate } = useCan({ resource: 'transfers', action: 'create' });
  const { data: canDispatch } = useCan({ resource: 'transfers', action: 'dispatch' });
  const { data: canReceive } = useCan({ resource: 'transfers', action: 'receive' });
  const { data: canCancel } = useCan({ resource: 'transfers', action: 'cancel' });

  if (error) return <Alert type="error" showIcon role="alert" message={error.message} action={<Link to="/transfers">Back to Transfers</Link>} />;
  if (loading || !transfer) return <Skeleton active />;

  const inTransit = transfer.status === 'dispatched' || transfer.status === 'partially_received';
  const receivable = inTransit && !!canReceive?.can;
  const cancellable = (transfer.status === 'draft' || inTransit) && !!canCancel?.can;

  const run = async (step: () => Promise<TransferDetail>, done: string) => {
    setActionError(null);
    try {
      await step();
      void message.success(done);
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  return (
    <>
      <PageHeader
        title={
          <>
            Transfer {transfer.reference} <TransferStatusTag status={transfer.status} />
          </>
        }
        subTitle={`${transfer.from_warehouse_name} → ${transfer.to_warehouse_name}`}
        extra={
          <>
            <Link to="/transfers">
              <Button>Back</Button>
            </Link>
            {transfer.status === 'draft' && canCreate?.can && (
              <Link to={`/transfers/${transfer._id}/edit`}>
                <Button>Edit</Button>
              </Link>
            )}
            {cancellable && (
              <Popconfirm
                title="Cancel this transfer?"
                description={
                  <>
                    {inTransit
                      ? `The ${transfer.in_transit_quantity} unit(s) in transit go back to ${transfer.from_warehouse_name}.`
                      : 'Nothing has moved yet.'}
                    <Input
                      aria-label="Reason for cancelling"
                      placeholder="Reason (optional)"
                      value={cancelNote}
                      maxLength={1000}
                      onChange={(e) => setCancelNote(e.target.value)}
                      style={{ marginTop: 8 }}
                    />
                  </>
                }
                okText="Cancel Transfer"
                cancelText="Keep"
                okButtonProps={{ danger: true }}
                onConfirm={() => run(() => cancel(cancelNote.trim() || undefined), 'Transfer cancelled')}
              >
                <Button danger disabled={busy}>
                  Cancel Transfer
                </Button>
              </Popconfirm>
            )}
            {transfer.status === 'draft' && canDispatch?.can && (
              <Popconfirm
                title="Dispatch this transfer?"
                description={`All ${transfer.lines.reduce((s, l) => s + l.quantity, 0)} unit(s) leave ${transfer.from_warehouse_name} now.`}
                okText="Dispatch"
                onConfirm={() => run(dispatch, 'Transfer dispatched')}
              >
                <Button type="primary" loading={busy}>
                  Dispatch
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      {actionError && (
        <Alert type="error" showIcon role="alert" closable onClose={() => setActionError(null)} message={actionError} style={{ marginBottom: 12 }} />
      )}
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
                <span data-testid="transfer-in-transit">
                  {transfer.in_transit_quantity.toLocaleString('en-IN')} unit(s)
                  {transfer.in_transit_value !== undefined && ` · ${formatINR(transfer.in_transit_value)}`}
                </span>
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
        {receivable ? (
          <ReceivePanel transfer={transfer} busy={busy} onReceive={(receipt) => run(() => receive(receipt), 'Transfer received')} />
        ) : (
          <TransferLinesTable lines={transfer.lines} />
        )}
      </Card>
      {/* Beside the status history above: every change of the transfer's own fields, a draft's edits included. */}
      <HistoryPanel resource="transfers" id={transfer._id} watch={`${transfer.status}:${transfer.history.length}`} />
    </>
  );
}
