import { App, Card, Col, Form, Row, Segmented, Select, Statistic, Table, Typography } from 'antd';
import { ListError, emptyTextOf } from '../../../crud/list/ListError';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { businessDay } from '../../../../domain/business-days';
import { formatINR } from '../../../../domain/money';
import type { ValuationGroup } from '../../../../domain/schemas/valuation';
import { costColumns, useSeesCosts } from '../../../access/costs';
import { DateField } from '../../../components/DateField';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { WarehouseSelect } from '../../inventory/shared/WarehouseSelect';
import { useCategories } from '../../products/use-categories';
import { downloadFromApi } from '../shared/api-download';
import { formatDay, formatQuantity } from '../shared/format';
import { ReportActions } from '../shared/ReportActions';
import '../shared/print.css';
import { PAGE_SIZE, useStockValuation, useValuationView, valuationQuery, type ValuationRow } from './use-stock-valuation';

const GROUP_OPTIONS: { label: string; value: ValuationGroup }[] = [
  { label: 'Product', value: 'product' },
  { label: 'Category', value: 'category' },
  { label: 'Warehouse', value: 'warehouse' },
];

/**
 * `/stock-valuation`: what the stock held at the end of a day was worth, from the ledger (moving-average cost), per
 * product, category or warehouse; today's total is the dashboard's inventory value.
 */
export default function StockValuationPage() {
  const { message } = App.useApp();
  const { view, change } = useValuationView();
  const { answer, isLoading, isFetching, error, refetch } = useStockValuation(view);
  const { categories, isLoading: categoriesLoading } = useCategories();
  const seesCosts = useSeesCosts();
  const [downloading, setDownloading] = useState(false);
  const today = businessDay(new Date());

  const exportCsv = async () => {
    setDownloading(true);
    try {
      await downloadFromApi('/reports/stock-valuation.csv', valuationQuery(view), `stock-valuation-${view.asOf}.csv`);
    } catch (e) {
      void message.error((e as Error).message || 'Failed to download the stock valuation');
    } finally {
      setDownloading(false);
    }
  };

  const sortOrder = (key: string) => (view.sort === key ? (view.order === 'desc' ? 'descend' : 'ascend') : null);
  const columns: ColumnsType<ValuationRow> = costColumns(
    [
      { title: 'Warehouse', key: 'warehouse_name', dataIndex: 'warehouse_name' },
      ...(view.groupBy !== 'warehouse' ? [{ title: 'Category', key: 'category_name', dataIndex: 'category_name' }] : []),
      ...(view.groupBy === 'product' ? [{ title: 'Product', key: 'product_name', dataIndex: 'product_name' }] : []),
      {
        title: 'Quantity',
        key: 'quantity',
        dataIndex: 'quantity',
        align: 'right' as const,
        width: 120,
        sorter: true,
        sortOrder: sortOrder('quantity'),
        render: formatQuantity,
      },
      {
        title: 'Average cost',
        key: 'average_cost',
        dataIndex: 'average_cost',
        align: 'right' as const,
        width: 140,
        sorter: true,
        sortOrder: sortOrder('average_cost'),
        render: (v: number | null) => (v === null ? '—' : formatINR(v)),
      },
      {
        title: 'Stock value',
        key: 'stock_value',
        dataIndex: 'stock_value',
        align: 'right' as const,
        width: 150,
        sorter: true,
        sortOrder: sortOrder('stock_value'),
        render: (v: number) => formatINR(v),
      },
    ],
    seesCosts,
  );

  return (
    <>
      <PageHeader
        title="Stock Valuation"
        subTitle={`What the stock held at the end of ${formatDay(view.asOf)} cost (moving average), from the stock ledger`}
        extra={<ReportActions onExport={() => void exportCsv()} disabled={!answer || answer.total === 0 || downloading} />}
      />
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="As of" htmlFor="valuation-as-of">
          <DateField
            id="valuation-as-of"
            allowClear={false}
            value={dayjs(view.asOf)}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(d) => change({ as_of: d ? d.format('YYYY-MM-DD') : undefined })}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item label="Warehouse" htmlFor="valuation-warehouse">
          <WarehouseSelect
            id="valuation-warehouse"
            scope="reports"
            withAll
            value={view.warehouseId}
            style={{ minWidth: 220 }}
            onChange={(id) => change({ warehouse_id: id })}
          />
        </Form.Item>
        <Form.Item label="Category" htmlFor="valuation-category">
          <Select
            id="valuation-category"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="All categories"
            loading={categoriesLoading}
            style={{ minWidth: 200 }}
            value={view.categoryId}
            options={categories.map((c) => ({ label: c.category, value: c.category_id }))}
            onChange={(id?: string) => change({ category_id: id })}
          />
        </Form.Item>
        <Form.Item label="Per">
          <Segmented<ValuationGroup>
            options={GROUP_OPTIONS}
            value={view.groupBy}
            onChange={(g) => change({ group_by: g, sort: undefined, order: undefined })}
          />
        </Form.Item>
      </Form>
      <ListError error={error} onRetry={() => void refetch()} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" loading={isLoading} aria-label="Total quantity">
            <Statistic title="Units held" value={answer ? formatQuantity(answer.totals.quantity) : '—'} />
          </Card>
        </Col>
        {seesCosts && (
          <Col xs={24} sm={12} lg={6}>
            <Card size="small" loading={isLoading} aria-label="Total stock value">
              <Statistic title="Stock value" value={formatINR(answer?.totals.stock_value)} />
            </Card>
          </Col>
        )}
        {view.asOf === today && (
          <Col xs={24} lg={12}>
            <Typography.Text type="secondary">
              Today&apos;s total is the <Link to="/admin-dashboard">dashboard</Link>&apos;s inventory value.
            </Typography.Text>
          </Col>
        )}
      </Row>
      <Card size="small" className="report-section">
        <Table<ValuationRow>
          rowKey={(r) => `${r.warehouse_id}/${r.category_id ?? ''}/${r.product_id ?? ''}`}
          dataSource={answer?.data ?? []}
          columns={columns}
          loading={isFetching}
          size="middle"
          scroll={{ x: 760 }}
          locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, 'No stock held on that day') }}
          pagination={{
            current: view.page,
            pageSize: PAGE_SIZE,
            total: answer?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => `${formatQuantity(total)} rows`,
          }}
          onChange={(pagination, _filters, sorter) => {
            const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<ValuationRow> | undefined;
            const key = s?.order ? String(s.columnKey) : undefined;
            if (key !== view.sort || (s?.order === 'descend') !== (view.order === 'desc')) {
              change({ sort: key, order: key ? (s?.order === 'descend' ? 'desc' : 'asc') : undefined });
            } else change({ page: String(pagination.current ?? 1) });
          }}
        />
      </Card>
    </>
  );
}
