import { FieldTimeOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { Link } from 'react-router';
import type { ExpiringRow } from '../../../domain/schemas/batches';
import { formatINR } from '../../../domain/money';
import { expiryText, expiryColour } from '../inventory/batches/expiry-tone';
import { useExpiring } from '../reports/expiry/use-expiring';
import { costColumns, useSeesCosts } from '../../access/costs';
import { useT } from '../../i18n/use-t';

const SOON = 7;
const PAGE_SIZE = 5;

/**
 * Perishables on the dashboard (issue 17): the 'Expired stock' card (units and value still on the shelves, the API's
 * sum over every expired batch) and the 'Expiring soon' panel (the next 7 days, a page at a time) — the expiry
 * report's own figures.
 */
export function ExpiryPanels() {
  const { data: can } = useCan({ resource: 'inventory', action: 'list' });
  const seesCosts = useSeesCosts();
  const [page, setPage] = useState(1);
  const { t, language } = useT();
  const allowed = can?.can === true;
  const { answer, isLoading, isFetching, error, refetch } = useExpiring({ days: SOON, includeExpired: false, page, limit: PAGE_SIZE, enabled: allowed });
  const expiredQuery = useExpiring({ days: 0, includeExpired: true, window: 'expired', limit: 1, enabled: allowed });
  if (!allowed) return null;
  const soon = answer?.data ?? [];
  const expired = expiredQuery.answer?.windows.find((w) => w.key === 'expired');
  const expiredValue = expired?.value ?? 0;
  const expiredUnits = expired?.quantity ?? 0;
  const expiredBatches = expired?.batches ?? 0;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={6}>
        <Link to="/expiry-report">
          <Card hoverable size="small" data-testid="stat-expired" style={{ height: '100%' }}>
            <Statistic
              title={t('dashboard.expiredStock')}
              loading={expiredQuery.isLoading}
              // Not known (the request failed) is a dash, not ₹0.00.
              value={!expired ? '—' : seesCosts ? formatINR(expiredValue) : t('reports.units', { quantity: expiredUnits.toLocaleString('en-IN') })}
              valueStyle={{ fontSize: 22, color: expiredUnits ? '#f5222d' : undefined }}
              prefix={<FieldTimeOutlined />}
            />
            {expired && (
              <Typography.Text type="secondary">
                {expiredBatches === 1
                  ? t('dashboard.unitsInBatch', { quantity: expiredUnits.toLocaleString('en-IN'), batches: expiredBatches })
                  : t('dashboard.unitsInBatches', { quantity: expiredUnits.toLocaleString('en-IN'), batches: expiredBatches })}
              </Typography.Text>
            )}
          </Card>
        </Link>
      </Col>
      <Col xs={24} xl={18}>
        <Card size="small" title={t('dashboard.expiringSoon')} extra={<Link to="/expiry-report">{t('dashboard.expiryReport')}</Link>}>
          <ListError
            error={error ?? expiredQuery.error}
            onRetry={() => void Promise.all([refetch(), expiredQuery.refetch()])}
            retrying={isFetching || expiredQuery.isFetching}
          />
          <Table<ExpiringRow>
            aria-label={t('dashboard.expiringSoon')}
            size="small"
            loading={isLoading}
            dataSource={soon}
            rowKey={(r) => `${r.product_id}/${r.warehouse_id}/${r.batch_no}`}
            pagination={{
              current: page,
              total: answer?.total ?? 0,
              onChange: setPage,
              pageSize: PAGE_SIZE,
              hideOnSinglePage: true,
              showSizeChanger: false,
              size: 'small',
            }}
            scroll={{ x: 640 }}
            locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, t('dashboard.nothingExpiresSoon', { days: SOON })) }}
            columns={costColumns(
              [
                { title: t('reports.columns.product'), dataIndex: 'product_name' },
                { title: t('reports.columns.warehouse'), dataIndex: 'warehouse_name' },
                { title: t('reports.columns.batch'), dataIndex: 'batch_no' },
                {
                  title: t('reports.columns.expires'),
                  dataIndex: 'days_to_expiry',
                  render: (d: number) => <Tag color={expiryColour(d) ?? 'gold'}>{expiryText(d, language)}</Tag>,
                },
                { title: t('reports.columns.quantity'), dataIndex: 'quantity', align: 'right', render: (n: number) => n.toLocaleString('en-IN') },
                { title: t('reports.columns.value'), key: 'value', dataIndex: 'value', align: 'right', render: (v: number) => formatINR(v) },
              ],
              seesCosts,
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
