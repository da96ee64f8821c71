import { Alert, Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useT } from '../../../i18n/use-t';
import { isAtOrBelowMinimum, panelStatus } from '../shared/inventory-status';
import { StatusTag } from '../shared/StatusTag';
import type { InventoryRecord } from '../shared/types';

type Props = {
  record: Pick<InventoryRecord, 'current_stock' | 'minimum_stock' | 'maximum_stock'> | null;
  /** The product has no balance in this warehouse yet. */
  missing?: boolean;
  loading?: boolean;
  error?: string | null;
  /** Nothing chosen yet: what to pick first. */
  hint?: string;
};

/** SPEC.md "Add / adjust inventory": Total, Min and Max stock with a status, and the restocking warning. */
export function CurrentStockPanel({ record, missing, loading, error, hint }: Props) {
  const { t, tx } = useT();
  let body;
  if (hint) body = <Typography.Text type="secondary">{hint}</Typography.Text>;
  else if (loading) body = <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  else if (error) body = <Alert type="error" showIcon message={tx(error)} />;
  else {
    const stock = record ?? { current_stock: 0, minimum_stock: 0, maximum_stock: 0 };
    body = (
      <>
        <Row gutter={[16, 12]}>
          <Col xs={12} sm={6}>
            <Statistic title={t('stock.panel.total')} value={stock.current_stock} />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={t('inventory.fields.minStock')} value={stock.minimum_stock ?? 0} />
          </Col>
          <Col xs={12} sm={6}>
            <Statistic title={t('inventory.fields.maxStock')} value={stock.maximum_stock || '—'} />
          </Col>
          <Col xs={12} sm={6}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
              {t('inventory.fields.status')}
            </Typography.Text>
            <StatusTag status={panelStatus(stock.current_stock, stock.minimum_stock)} />
          </Col>
        </Row>
        {missing && (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('stock.panel.missing')}
          </Typography.Paragraph>
        )}
        {record && isAtOrBelowMinimum(record.current_stock, record.minimum_stock) && (
          <Alert type="warning" showIcon message={t('stock.panel.restock')} style={{ marginTop: 12 }} />
        )}
      </>
    );
  }
  return (
    <Card size="small" title={t('stock.fields.currentStock')} style={{ marginBottom: 16 }} data-testid="current-stock-panel">
      <Flex vertical>{body}</Flex>
    </Card>
  );
}
