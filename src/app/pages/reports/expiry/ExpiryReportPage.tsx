import { App, Card, Col, Form, Row, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { emptyTextOf, ListError } from '../../../crud/list/ListError';
import { useSearchParams } from 'react-router';
import type { ExpiringRow, ExpiryWindowKey } from '../../../../domain/schemas/batches';
import { formatINR } from '../../../../domain/money';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { useWarehouses } from '../../inventory/shared/use-warehouses';
import { WarehouseSelect } from '../../inventory/shared/WarehouseSelect';
import { downloadFromApi } from '../shared/api-download';
import { costColumns, useSeesCosts } from '../../../access/costs';
import { formatDay } from '../shared/format';
import { expiryColour, expiryText } from '../../inventory/batches/expiry-tone';
import '../shared/print.css';
import { ReportActions } from '../shared/ReportActions';
import { BUCKETS, REPORT_DAYS, bucketOf, bucketTotals } from './expiry-buckets';
import { expiringFilters, useExpiring } from './use-expiring';
import { WriteOffButton } from './WriteOffButton';
import { useT } from '../../../i18n/use-t';

const PAGE_SIZE = 50;

/**
 * `/expiry-report`: stock by expiry window (expired, 0–3, 4–7, 8–30 days), per warehouse, with the write-off. The
 * batches come a page at a time (a window chosen in the column's filter is asked of the API); the windows' totals are
 * over every batch; Export CSV downloads every batch from the API.
 */
export default function ExpiryReportPage() {
  const { message } = App.useApp();
  const { t, tx, language } = useT();
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get('warehouse_id') || undefined;
  const warehouse = useWarehouses().find(warehouseId);
  const seesCosts = useSeesCosts();
  const [view, setView] = useState<{ page: number; window?: ExpiryWindowKey }>({ page: 1 });
  const filters = { days: REPORT_DAYS, includeExpired: true, warehouseId, window: view.window };
  const { answer, isLoading, isFetching, error, refetch } = useExpiring({ ...filters, page: view.page, limit: PAGE_SIZE });
  const rows = answer?.data ?? [];
  const totals = bucketTotals(answer?.windows);
  const expired = totals[0]!;
  const [downloading, setDownloading] = useState(false);

  const exportCsv = async () => {
    setDownloading(true);
    try {
      const slug = warehouse ? warehouse.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') : 'all-warehouses';
      await downloadFromApi('/inventory/expiring.csv', expiringFilters(filters), `expiry-report-${slug}.csv`);
    } catch (e) {
      void message.error(tx((e as Error).message) || t('reports.expiry.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('menu.expiryReport')}
        subTitle={t('reports.expiry.subtitle', { warehouse: warehouse?.name ?? t('reports.allWarehouses'), days: REPORT_DAYS })}
        extra={
          <>
            <ReportActions onExport={() => void exportCsv()} disabled={!answer || answer.total === 0 || downloading} />
            <WriteOffButton warehouseId={warehouseId} warehouseName={warehouse?.name} expiredQuantity={expired.quantity} onDone={() => void refetch()} />
          </>
        }
      />
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label={t('reports.columns.warehouse')} htmlFor="expiry-warehouse">
          <WarehouseSelect
            id="expiry-warehouse"
            withAll
            value={warehouseId}
            style={{ minWidth: 240 }}
            onChange={(id) => {
              setParams(id ? { warehouse_id: id } : {}, { replace: true });
              setView({ page: 1, window: view.window });
            }}
          />
        </Form.Item>
      </Form>
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {totals.map((total) => (
          <Col xs={12} lg={6} key={total.bucket.key}>
            <Card size="small" aria-label={t('reports.expiry.bucket', { label: tx(total.bucket.label) })} loading={isLoading}>
              <Statistic
                title={<Tag color={total.bucket.colour}>{tx(total.bucket.label)}</Tag>}
                value={seesCosts ? formatINR(total.value) : t('reports.units', { quantity: total.quantity.toLocaleString('en-IN') })}
                suffix={seesCosts && <span style={{ fontSize: 13 }}>{` · ${t('reports.units', { quantity: total.quantity.toLocaleString('en-IN') })}`}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" className="report-section">
        <Table<ExpiringRow>
          rowKey={(r) => `${r.product_id}/${r.warehouse_id}/${r.batch_no}`}
          dataSource={rows}
          loading={isFetching}
          size="middle"
          scroll={{ x: 860 }}
          pagination={{ current: answer?.page ?? view.page, total: answer?.total ?? 0, pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
          onChange={(pagination, tableFilters) => {
            const chosen = (tableFilters.bucket?.[0] as ExpiryWindowKey | undefined) ?? undefined;
            setView({ page: chosen === view.window ? (pagination.current ?? 1) : 1, window: chosen });
          }}
          locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, t('reports.expiry.empty')) }}
          columns={costColumns(
            [
              {
                title: t('reports.columns.window'),
                key: 'bucket',
                width: 110,
                render: (_, r) => {
                  const b = bucketOf(r.days_to_expiry);
                  return b && <Tag color={b.colour}>{tx(b.label)}</Tag>;
                },
                filters: BUCKETS.map((b) => ({ text: tx(b.label), value: b.key })),
                filterMultiple: false,
                filteredValue: view.window ? [view.window] : null,
              },
              { title: t('reports.columns.product'), dataIndex: 'product_name' },
              { title: t('reports.columns.warehouse'), dataIndex: 'warehouse_name' },
              { title: t('reports.columns.batch'), dataIndex: 'batch_no', width: 110 },
              { title: t('reports.columns.expiry'), dataIndex: 'expiry_date', width: 120, render: (d: string) => formatDay(d) },
              {
                title: t('reports.columns.expires'),
                dataIndex: 'days_to_expiry',
                width: 150,
                render: (days: number) => {
                  const colour = expiryColour(days);
                  return colour ? <Tag color={colour}>{expiryText(days, language)}</Tag> : expiryText(days, language);
                },
              },
              { title: t('reports.columns.quantity'), dataIndex: 'quantity', width: 100, align: 'right', render: (n: number) => n.toLocaleString('en-IN') },
              { title: t('reports.columns.value'), key: 'value', dataIndex: 'value', width: 120, align: 'right', render: (v: number) => formatINR(v) },
            ],
            seesCosts,
          )}
        />
      </Card>
    </>
  );
}
