import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import { useT } from '../../i18n/use-t';
import { formatChange, formatQuantity } from '../reports/shared/format';
import type { ReconcileResult } from './types';

type DriftRow = ReconcileResult['drift'][number];

/** 'Inventory updated successfully!' and what the reconciliation created or corrected. */
export function ReconcileResultCard({ result }: { result: ReconcileResult }) {
  const { t, tx } = useT();
  return (
    <Card size="small" data-testid="reconcile-result">
      <Alert type="success" showIcon message={tx(result.message)} style={{ marginBottom: 16 }} />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('inventory.fields.warehouse')}>{result.warehouse_name}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.updateAll.created')}>{result.created}</Descriptions.Item>
        <Descriptions.Item label={t('inventory.updateAll.corrected')}>{result.corrected}</Descriptions.Item>
      </Descriptions>
      {result.drift.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
          {t('inventory.updateAll.allMatched')}
        </Typography.Paragraph>
      ) : (
        <Table<DriftRow>
          style={{ marginTop: 16 }}
          rowKey="product_id"
          size="small"
          dataSource={result.drift}
          pagination={false}
          columns={[
            { title: t('inventory.fields.product'), dataIndex: 'product_name', key: 'product_name' },
            { title: t('inventory.updateAll.recordedStock'), dataIndex: 'recorded_stock', key: 'recorded_stock', align: 'right', render: formatQuantity },
            { title: t('inventory.updateAll.ledgerStock'), dataIndex: 'ledger_stock', key: 'ledger_stock', align: 'right', render: formatQuantity },
            { title: t('inventory.updateAll.correction'), key: 'change', align: 'right', render: (_, r) => formatChange(r.ledger_stock - r.recorded_stock) },
          ]}
        />
      )}
    </Card>
  );
}
