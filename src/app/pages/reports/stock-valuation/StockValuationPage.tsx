import { App, Card, Col, Form, Row, Segmented, Select, Statistic, Table, Typography } from 'antd';
import { ListError, emptyTextOf } from '../../../crud/list/ListError';
import type { ColumnsType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Trans } from 'react-i18next';
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
import { useT } from '../../../i18n/use-t';
import { PAGE_SIZE, useStockValuation, useValuationView, valuationQuery, type ValuationRow } from './use-stock-valuation';

/**
 * `/stock-valuation`: what the stock held at the end of a day was worth, from the ledger (moving-average cost), per
 * product, category or warehouse; today's total is the dashboard's inventory value.
 */
export default function StockValuationPage() {
  const { message } = App.useApp();
  const { t, tx } = useT();
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
      void message.error(tx((e as Error).message) || t('reports.valuation.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const groupOptions: { label: string; value: ValuationGroup }[] = [
    { label: t('reports.columns.product'), value: 'product' },
    { label: t('reports.columns.category'), value: 'category' },
    { label: t('reports.columns.warehouse'), value: 'warehouse' },
  ];
  const sortOrder = (key: string) => (view.sort === key ? (view.order === 'desc' ? 'descend' : 'ascend') : null);
  const columns: ColumnsType<ValuationRow> = costColumns(
    [
      { title: t('reports.columns.warehouse'), key: 'warehouse_name', dataIndex: 'warehouse_name' },
      ...(view.groupBy !== 'warehouse' ? [{ title: t('reports.columns.category'), key: 'category_name', dataIndex: 'category_name' }] : []),
      ...(view.groupBy === 'product' ? [{ title: t('reports.columns.product'), key: 'product_name', dataIndex: 'product_name' }] : []),
      {
        title: t('reports.columns.quantity'),
        key: 'quantity',
        dataIndex: 'quantity',
        align: 'right' as const,
        width: 120,
        sorter: true,
        sortOrder: sortOrder('quantity'),
        render: formatQuantity,
      },
      {
        title: t('reports.columns.averageCost'),
        key: 'average_cost',
        dataIndex: 'average_cost',
        align: 'right' as const,
        width: 140,
        sorter: true,
        sortOrder: sortOrder('average_cost'),
        render: (v: number | null) => (v === null ? '—' : formatINR(v)),
      },
      {
        title: t('reports.columns.stockValue'),
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
        title={t('menu.stockValuation')}
        subTitle={t('reports.valuation.subtitle', { day: formatDay(view.asOf) })}
        extra={<ReportActions onExport={() => void exportCsv()} disabled={!answer || answer.total === 0 || downloading} />}
      />
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('reports.valuation.asOf')} htmlFor="valuation-as-of">
          <DateField
            id="valuation-as-of"
            allowClear={false}
            value={dayjs(view.asOf)}
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(d) => change({ as_of: d ? d.format('YYYY-MM-DD') : undefined })}
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item label={t('reports.columns.warehouse')} htmlFor="valuation-warehouse">
          <WarehouseSelect
            id="valuation-warehouse"
            scope="reports"
            withAll
            value={view.warehouseId}
            style={{ minWidth: 220 }}
            onChange={(id) => change({ warehouse_id: id })}
          />
        </Form.Item>
        <Form.Item label={t('reports.columns.category')} htmlFor="valuation-category">
          <Select
            id="valuation-category"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('reports.valuation.allCategories')}
            loading={categoriesLoading}
            style={{ minWidth: 200 }}
            value={view.categoryId}
            options={categories.map((c) => ({ label: c.category, value: c.category_id }))}
            onChange={(id?: string) => change({ category_id: id })}
          />
        </Form.Item>
        <Form.Item label={t('reports.valuation.per')}>
          <Segmented<ValuationGroup>
            options={groupOptions}
            value={view.groupBy}
            onChange={(g) => change({ group_by: g, sort: undefined, order: undefined })}
            aria-label={t('reports.valuation.per')}
          />
        </Form.Item>
      </Form>
      <ListError error={error} onRetry={() => void refetch()} retrying={isFetching} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={6}>
          <Card size="small" loading={isLoading} aria-label={t('reports.valuation.totalQuantity')}>
            <Statistic title={t('reports.valuation.unitsHeld')} value={answer ? formatQuantity(answer.totals.quantity) : '—'} />
          </Card>
        </Col>
        {seesCosts && (
          <Col xs={24} sm={12} lg={6}>
            <Card size="small" loading={isLoading} aria-label={t('reports.valuation.totalStockValue')}>
              <Statistic title={t('reports.columns.stockValue')} value={formatINR(answer?.totals.stock_value)} />
            </Card>
          </Col>
        )}
        {view.asOf === today && (
          <Col xs={24} lg={12}>
            <Typography.Text type="secondary">
              <Trans i18nKey="reports.valuation.todayIsDashboard" components={{ link: <Link to="/admin-dashboard" /> }} />
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
          locale={{ emptyText: emptyTextOf({ loading: isLoading, failed: !!error }, t('reports.valuation.empty')) }}
          pagination={{
            current: view.page,
            pageSize: PAGE_SIZE,
            total: answer?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (total) => t('reports.valuation.rows', { rows: formatQuantity(total) }),
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
