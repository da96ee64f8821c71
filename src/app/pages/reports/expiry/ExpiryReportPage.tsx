import { Card, Col, Form, Row, Statistic, Table, Tag } from 'antd';
import { emptyTextOf, ListError } from '../../../crud/list/ListError';
import { useSearchParams } from 'react-router';
import type { ExpiringRow } from '../../../../domain/schemas/batches';
import { formatINR } from '../../../../domain/money';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { useWarehouses } from '../../inventory/shared/use-warehouses';
import { WarehouseSelect } from '../../inventory/shared/WarehouseSelect';
import { downloadCsv } from '../shared/csv';
import { costColumns, costCsv, useSeesCosts } from '../../../access/costs';
import { formatDay } from '../shared/format';
import { expiryColour, expiryText } from '../../inventory/batches/expiry-tone';
import '../shared/print.css';
import { ReportActions } from '../shared/ReportActions';
import { BUCKETS, EXPIRY_CSV_HEADER, REPORT_DAYS, bucketOf, bucketTotals, expiryCsvRows } from './expiry-buckets';
import { useExpiring } from './use-expiring';
import { WriteOffButton } from './WriteOffButton';

/** `/expiry-report`: stock by expiry window (expired, 0–3, 4–7, 8–30 days), per warehouse, with the write-off. */
export default function ExpiryReportPage() {
  const [params, setParams] = useSearchParams();
  const warehouseId = params.get('warehouse_id') || undefined;
  const warehouse = useWarehouses().find(warehouseId);
  const seesCosts = useSeesCosts();
  const { answer, isLoading, isFetching, error, refetch } = useExpiring({ days: REPORT_DAYS, includeExpired: true, warehouseId });
  const rows = answer?.data ?? [];
  const totals = bucketTotals(rows);
  const expired = totals[0]!;

  const exportCsv = () => {
    const csv = costCsv(EXPIRY_CSV_HEADER, expiryCsvRows(rows), seesCosts);
    downloadCsv(`expiry-report-${warehouse ? warehouse.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') : 'all-warehouses'}.csv`, csv.header, csv.rows);
  };

  return (
    <>
      <PageHeader
        title="Expiry Report"
        subTitle={`${warehouse?.name ?? 'All warehouses'} · expired and expiring within ${REPORT_DAYS} days`}
        extra={
          <>
            <ReportActions onExport={exportCsv} disabled={!answer || rows.length === 0} />
            <WriteOffButton warehouseId={warehouseId} warehouseName={warehouse?.name} expiredQuantity={expired.quantity} onDone={() => void refetch()} />
          </>
        }
      />
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="Warehouse" htmlFor="expiry-warehouse">
          <WarehouseSelect
            id="expiry-warehouse"
            withAll
            value={warehouseId}
            style={{ minWidth: 240 }}
            onChange={(id) => setParams(id ? { warehouse_id: id } : {}, { replace: true })}
          />
        </Form.Item>
      </Form>
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {totals.map((t) => (
          <Col xs={12} lg={6} key={t.bucket.key}>
            <Card size="small" aria-label={`${t.bucket.label} bucket`} loading={isLoading}>
              <Statistic
                title={<Tag color={t.bucket.colour}>{t.bucket.label}</Tag>}
                value={seesCosts ? formatINR(t.value) : `${t.quantity.toLocaleString('en-IN')} units`}
                suffix={seesCosts && <span style={{ fontSize: 13 }}>{` · ${t.quantity.toLocaleString('en-IN')} units`}</span>}
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
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, 'Nothing expired or expiring within 30 days') }}
          columns={costColumns(
            [
              {
                title: 'Window',
                key: 'bucket',
                width: 110,
                render: (_, r) => {
                  const b = bucketOf(r.days_to_expiry);
                  return b && <Tag color={b.colour}>{b.label}</Tag>;
                },
                filters: BUCKETS.map((b) => ({ text: b.label, value: b.key })),
                onFilter: (key, r) => bucketOf(r.days_to_expiry)?.key === key,
              },
              { title: 'Product', dataIndex: 'product_name' },
              { title: 'Warehouse', dataIndex: 'warehouse_name' },
              { title: 'Batch', dataIndex: 'batch_no', width: 110 },
              { title: 'Expiry', dataIndex: 'expiry_date', width: 120, render: (d: string) => formatDay(d) },
              {
                title: 'Expires',
                dataIndex: 'days_to_expiry',
                width: 150,
                render: (days: number) => {
                  const colour = expiryColour(days);
                  return colour ? <Tag color={colour}>{expiryText(days)}</Tag> : expiryText(days);
                },
              },
              { title: 'Quantity', dataIndex: 'quantity', width: 100, align: 'right', render: (n: number) => n.toLocaleString('en-IN') },
              { title: 'Value', key: 'value', dataIndex: 'value', width: 120, align: 'right', render: (v: number) => formatINR(v) },
            ],
            seesCosts,
          )}
        />
      </Card>
    </>
  );
}
