import { useCan } from '@refinedev/core';
import { Alert, App, Button, Card, Col, Descriptions, Input, Popconfirm, Row, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatINR } from '../../../domain/money';
import { HistoryPanel } from '../../history/HistoryPanel';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { ReceivePanel } from './ReceivePanel';
import { TransferHistory } from './TransferHistory';
import { TransferLinesTable } from './TransferLinesTable';
import { TransferStatusTag } from './TransferStatusTag';
import type { TransferDetail } from './types';
import { useTransfer } from './use-transfer';

/** When a step was taken and by whom ('by' already in the user's language). */
const when = (at: string | null, by: string | null, byName: (name: string) => string) =>
  at ? `${dayjs(at).format('DD MMM YYYY, HH:mm')}${by ? ` ${byName(by)}` : ''}` : '—';

/** `/transfers/:id`: the transfer's lines, where their units are, its status history and History, and the step its status allows. */
export default function TransferPage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const { t, tx } = useT();
  const byName = (name: string) => t('transfers.show.by', { name });
  const { transfer, loading, error, busy, dispatch, receive, cancel } = useTransfer(id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [cancelNote, setCancelNote] = useState('');
  const { data: canCreate } = useCan({ resource: 'transfers', action: 'create' });
  const { data: canDispatch } = useCan({ resource: 'transfers', action: 'dispatch' });
  const { data: canReceive } = useCan({ resource: 'transfers', action: 'receive' });
  const { data: canCancel } = useCan({ resource: 'transfers', action: 'cancel' });

  if (error) {
    return <Alert type="error" showIcon role="alert" message={tx(error.message)} action={<Link to="/transfers">{t('transfers.show.backToList')}</Link>} />;
  }
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
            {t('transfers.show.title', { reference: transfer.reference })} <TransferStatusTag status={transfer.status} />
          </>
        }
        subTitle={`${transfer.from_warehouse_name} → ${transfer.to_warehouse_name}`}
        extra={
          <>
            <Link to="/transfers">
              <Button>{t('stockTakes.show.back')}</Button>
            </Link>
            {transfer.status === 'draft' && canCreate?.can && (
              <Link to={`/transfers/${transfer._id}/edit`}>
                <Button>{t('buttons.edit')}</Button>
              </Link>
            )}
            {cancellable && (
              <Popconfirm
                title={t('transfers.show.cancelConfirm')}
                description={
                  <>
                    {inTransit
                      ? t('transfers.show.cancelReturns', { n: transfer.in_transit_quantity, warehouse: transfer.from_warehouse_name })
                      : t('transfers.show.nothingMoved')}
                    <Input
                      aria-label={t('transfers.show.cancelReason')}
                      placeholder={t('transfers.show.cancelReasonPlaceholder')}
                      value={cancelNote}
                      maxLength={1000}
                      onChange={(e) => setCancelNote(e.target.value)}
                      style={{ marginTop: 8 }}
                    />
                  </>
                }
                okText={t('transfers.show.cancel')}
                cancelText={t('transfers.show.keep')}
                okButtonProps={{ danger: true }}
                onConfirm={() => run(() => cancel(cancelNote.trim() || undefined), t('transfers.show.cancelled'))}
              >
                <Button danger disabled={busy}>
                  {t('transfers.show.cancel')}
                </Button>
              </Popconfirm>
            )}
            {transfer.status === 'draft' && canDispatch?.can && (
              <Popconfirm
                title={t('transfers.show.dispatchConfirm')}
                description={t('transfers.show.dispatchDescription', {
                  n: transfer.lines.reduce((s, l) => s + l.quantity, 0),
                  warehouse: transfer.from_warehouse_name,
                })}
                okText={t('transfers.show.dispatch')}
                onConfirm={() => run(dispatch, t('transfers.show.dispatched'))}
              >
                <Button type="primary" loading={busy}>
                  {t('transfers.show.dispatch')}
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      {actionError && (
        <Alert type="error" showIcon role="alert" closable onClose={() => setActionError(null)} message={tx(actionError)} style={{ marginBottom: 12 }} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('transfers.fields.from')}>{transfer.from_warehouse_name}</Descriptions.Item>
              <Descriptions.Item label={t('transfers.fields.to')}>{transfer.to_warehouse_name}</Descriptions.Item>
              <Descriptions.Item label={t('transfers.fields.created')}>{when(transfer.created, transfer.created_by_name, byName)}</Descriptions.Item>
              <Descriptions.Item label={t('transfers.fields.dispatched')}>
                {when(transfer.dispatched_at, transfer.dispatched_by_name, byName)}
              </Descriptions.Item>
              <Descriptions.Item label={t('transfers.status.received')}>{when(transfer.received_at, transfer.received_by_name, byName)}</Descriptions.Item>
              {transfer.cancelled_at && (
                <Descriptions.Item label={t('stockTakes.status.cancelled')}>
                  {when(transfer.cancelled_at, transfer.cancelled_by_name, byName)}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('transfers.status.dispatched')}>
                <span data-testid="transfer-in-transit">
                  {t('transfers.history.units', { n: transfer.in_transit_quantity.toLocaleString('en-IN') })}
                  {transfer.in_transit_value !== undefined && ` · ${formatINR(transfer.in_transit_value)}`}
                </span>
              </Descriptions.Item>
              {transfer.notes && <Descriptions.Item label={t('transfers.fields.notes')}>{transfer.notes}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('transfers.history.title')} style={{ marginBottom: 16 }}>
            <TransferHistory history={transfer.history} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('transfers.fields.products')}>
        {receivable ? (
          <ReceivePanel transfer={transfer} busy={busy} onReceive={(receipt) => run(() => receive(receipt), t('transfers.show.received'))} />
        ) : (
          <TransferLinesTable lines={transfer.lines} />
        )}
      </Card>
      {/* Beside the status history above: every change of the transfer's own fields, a draft's edits included. */}
      <HistoryPanel resource="transfers" id={transfer._id} watch={`${transfer.status}:${transfer.history.length}`} />
    </>
  );
}
