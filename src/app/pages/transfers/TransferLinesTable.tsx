import { Form, Table, Tag, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import { NumberField } from '../../components/NumberField';
import { useT } from '../../i18n/use-t';
import { receivedQuantityRules } from './receipt';
import type { TransferLine } from './types';

type Props = {
  lines: TransferLine[];
  /** While receiving: a 'Receive now' box per product in transit, a field of the receive form around the table. */
  receiving?: boolean;
};

/** The products of a transfer, where their units are, and the batches they left in. */
export function TransferLinesTable({ lines, receiving }: Props) {
  const { t, tx } = useT();
  return (
    <Table<TransferLine>
      rowKey="product_id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={lines}
      columns={[
        {
          key: 'product',
          title: t('stockTakes.fields.product'),
          render: (_, l) => (
            <>
              {l.product_name}
              {l.sku && <Typography.Text type="secondary"> · {l.sku}</Typography.Text>}
              {l.batches.length > 0 && (
                <div>
                  {l.batches.map((b) => (
                    <Tag key={b.batch_no} style={{ marginTop: 4 }}>
                      {b.batch_no}
                      {b.expiry_date ? ` · ${t('transfers.receive.expiry', { date: b.expiry_date })}` : ''} · {b.dispatched}
                      {b.in_transit > 0 && b.in_transit !== b.dispatched ? ` ${t('transfers.receive.batchInTransit', { n: b.in_transit })}` : ''}
                    </Tag>
                  ))}
                </div>
              )}
            </>
          ),
        },
        { key: 'quantity', title: t('transfers.fields.quantity'), align: 'right', dataIndex: 'quantity' },
        { key: 'dispatched', title: t('transfers.fields.dispatched'), align: 'right', dataIndex: 'dispatched' },
        { key: 'received', title: t('transfers.status.received'), align: 'right', dataIndex: 'received' },
        { key: 'damaged', title: t('transfers.fields.damaged'), align: 'right', render: (_, l) => l.damaged || '—' },
        { key: 'returned', title: t('transfers.fields.returned'), align: 'right', render: (_, l) => l.returned || '—' },
        {
          key: 'in_transit',
          title: t('transfers.status.dispatched'),
          align: 'right',
          render: (_, l) =>
            l.in_transit ? (
              <>
                {l.in_transit}
                {l.in_transit_value !== undefined && <Typography.Text type="secondary"> ({formatINR(l.in_transit_value)})</Typography.Text>}
              </>
            ) : (
              '—'
            ),
        },
        ...(receiving
          ? [
              {
                key: 'receive',
                title: t('transfers.fields.receiveNow'),
                render: (_: unknown, l: TransferLine) =>
                  l.in_transit > 0 ? (
                    <Form.Item
                      name={['receive', l.product_id]}
                      initialValue={l.in_transit}
                      rules={receivedQuantityRules(l, t, tx)}
                      style={{ minWidth: 110, marginBottom: 0 }}
                    >
                      <NumberField integer aria-label={t('transfers.receive.product', { product: l.product_name })} />
                    </Form.Item>
                  ) : (
                    '—'
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
