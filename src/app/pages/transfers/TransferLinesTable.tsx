import { Form, Table, Tag, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import { NumberField } from '../../components/NumberField';
import { receivedQuantityRules } from './receipt';
import type { TransferLine } from './types';

type Props = {
  lines: TransferLine[];
  /** While receiving: a 'Receive now' box per product in transit, a field of the receive form around the table. */
  receiving?: boolean;
};

/** The products of a transfer, where their units are, and the batches they left in. */
export function TransferLinesTable({ lines, receiving }: Props) {
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
          title: 'Product',
          render: (_, l) => (
            <>
              {l.product_name}
              {l.sku && <Typography.Text type="secondary"> · {l.sku}</Typography.Text>}
              {l.batches.length > 0 && (
                <div>
                  {l.batches.map((b) => (
                    <Tag key={b.batch_no} style={{ marginTop: 4 }}>
                      {b.batch_no}
                      {b.expiry_date ? ` · exp ${b.expiry_date}` : ''} · {b.dispatched}
                      {b.in_transit > 0 && b.in_transit !== b.dispatched ? ` (${b.in_transit} in transit)` : ''}
                    </Tag>
                  ))}
                </div>
              )}
            </>
          ),
        },
        { key: 'quantity', title: 'Quantity', align: 'right', dataIndex: 'quantity' },
        { key: 'dispatched', title: 'Dispatched', align: 'right', dataIndex: 'dispatched' },
        { key: 'received', title: 'Received', align: 'right', dataIndex: 'received' },
        { key: 'damaged', title: 'Damaged', align: 'right', render: (_, l) => l.damaged || '—' },
        { key: 'returned', title: 'Returned', align: 'right', render: (_, l) => l.returned || '—' },
        {
          key: 'in_transit',
          title: 'In transit',
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
                title: 'Receive now',
                render: (_: unknown, l: TransferLine) =>
                  l.in_transit > 0 ? (
                    <Form.Item
                      name={['receive', l.product_id]}
                      initialValue={l.in_transit}
                      rules={receivedQuantityRules(l)}
                      style={{ minWidth: 110, marginBottom: 0 }}
                    >
                      <NumberField integer aria-label={`Receive ${l.product_name}`} />
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
