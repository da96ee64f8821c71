import { Table, Tag, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import type { NumberFieldValue } from '../../components/number-text';
import { NumberField } from '../../components/NumberField';
import type { TransferLine } from './types';

type Props = {
  lines: TransferLine[];
  /** While receiving: the quantity typed per product. */
  receiving?: { values: Record<string, NumberFieldValue>; errors: Record<string, string>; onChange: (productId: string, value: NumberFieldValue) => void };
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
          key: 'product', title: 'Product',
          render: (_, l) => (
            <>
              {l.product_name}{l.sku && <Typography.Text type="secondary"> · {l.sku}</Typography.Text>}
              {l.batches.length > 0 && (
                <div>
                  {l.batches.map((b) => (
                    <Tag key={b.batch_no} style={{ marginTop: 4 }}>
                      {b.batch_no}{b.expiry_date ? ` · exp ${b.expiry_date}` : ''} · {b.dispatched}{b.in_transit > 0 && b.in_transit !== b.dispatched ? ` (${b.in_transit} in transit)` : ''}
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
          key: 'in_transit', title: 'In transit', align: 'right',
          render: (_, l) => (l.in_transit ? <>{l.in_transit}{l.in_transit_value !== undefined && <Typography.Text type="secondary"> ({formatINR(l.in_transit_value)})</Typography.Text>}</> : '—'),
        },
        ...(receiving
          ? [{
            key: 'receive', title: 'Receive now',
            render: (_: unknown, l: TransferLine) => (l.in_transit > 0 ? (
              <div style={{ minWidth: 110 }}>
                <NumberField
                  integer
                  aria-label={`Receive ${l.product_name}`}
                  status={receiving.errors[l.product_id] ? 'error' : undefined}
                  value={receiving.values[l.product_id]}
                  onChange={(v) => receiving.onChange(l.product_id, v)}
                />
                {receiving.errors[l.product_id] && <Typography.Text type="danger" role="alert">{receiving.errors[l.product_id]}</Typography.Text>}
              </div>
            ) : '—'),
          }]
          : []),
      ]}
    />
  );
}
