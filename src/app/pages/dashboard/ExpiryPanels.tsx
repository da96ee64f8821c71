import { FieldTimeOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { Link } from 'react-router';
import type { ExpiringRow } from '../../../domain/schemas/batches';
import { formatINR } from '../../../domain/money';
import { expiryText, expiryColour } from '../inventory/batches/expiry-tone';
import { useExpiring } from '../reports/expiry/use-expiring';
import { costColumns, useSeesCosts } from '../../access/costs';

const SOON = 7;

/**
 * Perishables on the dashboard (issue 17): the 'Expired stock' card (units and value still on the shelves) and the
 * 'Expiring soon' panel (the next 7 days), from one GET /inventory/expiring — the expiry report's own figures.
 */
export function ExpiryPanels() {
  const { data: can } = useCan({ resource: 'inventory', action: 'list' });
  const seesCosts = useSeesCosts();
  const { answer, isLoading, isFetching, error, refetch } = useExpiring({ days: SOON, includeExpired: true, enabled: can?.can === true });
  if (can?.can !== true) return null;
  const rows = answer?.data ?? [];
  const expired = rows.filter((r) => r.days_to_expiry < 0);
  const soon = rows.filter((r) => r.days_to_expiry >= 0);
  const expiredValue = expired.reduce((s, r) => s + Math.round((r.value ?? 0) * 100), 0) / 100;
  const expiredUnits = expired.reduce((s, r) => s + r.quantity, 0);
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={6}>
        <Link to="/expiry-report">
          <Card hoverable size="small" data-testid="stat-expired" style={{ height: '100%' }}>
            <Statistic
              title="Expired stock"
              loading={isLoading}
              // Not known (the request failed) is a dash, not ₹0.00.
              value={!answer ? '—' : seesCosts ? formatINR(expiredValue) : `${expiredUnits.toLocaleString('en-IN')} units`}
              valueStyle={{ fontSize: 22, color: expiredUnits ? '#f5222d' : undefined }}
              prefix={<FieldTimeOutlined />}
            />
            {answer && (
              <Typography.Text type="secondary">{`${expiredUnits.toLocaleString('en-IN')} units in ${expired.length} batch${expired.length === 1 ? '' : 'es'}`}</Typography.Text>
            )}
          </Card>
        </Link>
      </Col>
      <Col xs={24} xl={18}>
        <Card size="small" title="Expiring soon" extra={<Link to="/expiry-report">Expiry report</Link>}>
          <ListError error={error} onRetry={refetch} retrying={isFetching} />
          <Table<ExpiringRow>
            aria-label="Expiring soon"
            size="small"
            loading={isLoading}
            dataSource={soon}
            rowKey={(r) => `${r.product_id}/${r.warehouse_id}/${r.batch_no}`}
            pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
            scroll={{ x: 640 }}
            locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, `Nothing expires in the next ${SOON} days`) }}
            columns={costColumns(
              [
                { title: 'Product', dataIndex: 'product_name' },
                { title: 'Warehouse', dataIndex: 'warehouse_name' },
                { title: 'Batch', dataIndex: 'batch_no' },
                {
                  title: 'Expires',
                  dataIndex: 'days_to_expiry',
                  render: (d: number) => <Tag color={expiryColour(d) ?? 'gold'}>{expiryText(d)}</Tag>,
                },
                { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: (n: number) => n.toLocaleString('en-IN') },
                { title: 'Value', key: 'value', dataIndex: 'value', align: 'right', render: (v: number) => formatINR(v) },
              ],
              seesCosts,
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
