import { Card, Col, Empty, Row, Spin, Statistic } from 'antd';
import { ListError } from '../../../crud/list/ListError';
import { formatINR } from '../../../../domain/money';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { downloadCsv } from '../shared/csv';
import { costCsv, useSeesCosts } from '../../../access/costs';
import { formatDay } from '../shared/format';
import '../shared/print.css';
import { ReportActions } from '../shared/ReportActions';
import { DayGroupedTable } from './DayGroupedTable';
import { SALE_PURCHASE_HEADER, salePurchaseCsv } from './sale-purchase-csv';
import { SalePurchaseFilters } from './SalePurchaseFilters';
import { totalsOf, type SalePurchaseQuery, type SalePurchaseReport } from './types';
import { useSalePurchaseQuery, useSalePurchaseReport } from './use-sale-purchase-report';

/** Each section's value and units; without 'costs: see' its units alone. */
function Totals({ report, seesCosts }: { report: SalePurchaseReport; seesCosts: boolean }) {
  const sections = [
    { title: 'Purchases', totals: totalsOf(report.purchases), color: '#389e0d' },
    { title: 'Sales', totals: totalsOf(report.sales), color: '#1677ff' },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {sections.map(({ title, totals, color }) => {
        const units = `${totals.quantity.toLocaleString('en-IN')} units`;
        return (
          <Col key={title} xs={24} md={12}>
            <Card size="small">
              <Statistic title={seesCosts ? `${title} · ${units}` : title} value={seesCosts ? formatINR(totals.value) : units} valueStyle={{ color }} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** `/sale-purchase-report`: one warehouse's purchases and sales per day over a period. */
export default function SalePurchaseReportPage() {
  const { applied, apply, search } = useSalePurchaseQuery();
  const { report, isFetching, error, refetch } = useSalePurchaseReport(applied);
  // 'Get Report' again with the same filters fetches afresh.
  const getReport = (q: SalePurchaseQuery) => (new URLSearchParams(q).toString() === search ? void refetch() : apply(q));

  const seesCosts = useSeesCosts();
  const exportCsv = () => {
    if (!report) return;
    const name = report.warehouse_name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const { header, rows } = costCsv(SALE_PURCHASE_HEADER, salePurchaseCsv(report), seesCosts);
    downloadCsv(`sale-purchase-${name}-${report.period.start_date}-to-${report.period.end_date}.csv`, header, rows);
  };

  return (
    <>
      <PageHeader
        title="Sale Purchase Report"
        subTitle={report && `${report.warehouse_name} · ${formatDay(report.period.start_date)} – ${formatDay(report.period.end_date)}`}
        extra={<ReportActions onExport={exportCsv} disabled={!report} />}
      />
      <SalePurchaseFilters applied={applied} onApply={getReport} loading={isFetching} />
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      {!applied && <Empty description="Choose a warehouse and a period, then Get Report" />}
      {report && (
        <Spin spinning={isFetching} delay={200}>
          <Totals report={report} seesCosts={seesCosts} />
          <Card size="small" title="Purchases" style={{ marginBottom: 16 }} className="report-section">
            <DayGroupedTable
              key={`p-${report.period.start_date}-${report.period.end_date}-${report.warehouse_id}`}
              days={report.purchases}
              emptyText="No purchases in this period"
              testId="purchases"
              warehouseId={report.warehouse_id}
            />
          </Card>
          <Card size="small" title="Sales" className="report-section">
            <DayGroupedTable
              key={`s-${report.period.start_date}-${report.period.end_date}-${report.warehouse_id}`}
              days={report.sales}
              emptyText="No sales in this period"
              testId="sales"
              warehouseId={report.warehouse_id}
            />
          </Card>
        </Spin>
      )}
      {applied && !report && isFetching && <Spin style={{ display: 'block', margin: '48px auto' }} />}
    </>
  );
}
