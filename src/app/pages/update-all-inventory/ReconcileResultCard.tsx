import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import { formatChange, formatQuantity } from '../reports/shared/format';
import type { ReconcileResult } from './types';

type DriftRow = ReconcileResult['drift'][number];

/** 'Inventory updated successfully!' and what the reconciliation created or corrected. */
export function ReconcileResultCard({ result }: { result: ReconcileResult }) {
  return (
    <Card size="small" data-testid="reconcile-result">
      <Alert type="success" showIcon message={result.message} style={{ marginBottom: 16 }} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label="Warehouse">{result.warehouse_name}</Descriptions.Item>
        <Descriptions.Item label="Records created">{result.created}</Descriptions.Item>
        <Descriptions.Item label="Balances corrected">{result.corrected}</Descriptions.Item>
      </Descriptions>
      {result.drift.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
          Every balance already matched its stock ledger: nothing needed correcting.
        </Typography.Paragraph>
      ) : (
        <Table<DriftRow>
          style={{ marginTop: 16 }}
          rowKey="product_id"
          size="small"
          dataSource={result.drift}
          pagination={false}
          columns={[
            { title: 'Product', dataIndex: 'product_name', key: 'product_name' },
            { title: 'Recorded stock', dataIndex: 'recorded_stock', key: 'recorded_stock', align: 'right', render: formatQuantity },
            { title: 'Ledger stock (now)', dataIndex: 'ledger_stock', key: 'ledger_stock', align: 'right', render: formatQuantity },
            { title: 'Correction', key: 'change', align: 'right', render: (_, r) => formatChange(r.ledger_stock - r.recorded_stock) },
          ]}
        />
      )}
    </Card>
  );
}
