import { App, Card, Col, Empty, Pagination, Row, Spin, Statistic } from 'antd';
import { useState } from 'react';
import { ListError } from '../../../crud/list/ListError';
import { formatINR } from '../../../../domain/money';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { useSeesCosts } from '../../../access/costs';
import { downloadFromApi } from '../shared/api-download';
import { formatDay } from '../shared/format';
import '../shared/print.css';
import { ReportActions } from '../shared/ReportActions';
import { DayGroupedTable } from './DayGroupedTable';
import { SalePurchaseFilters } from './SalePurchaseFilters';
import { totalsOf, type SalePurchaseQuery, type SalePurchaseReport, type SalePurchaseSection } from './types';
import { DAYS_PER_PAGE, useMoreItems, useSalePurchaseQuery, useSalePurchaseReport } from './use-sale-purchase-report';

/** Each section's value and units over the whole period; without 'costs: see' its units alone. */
function Totals({ report, seesCosts }: { report: SalePurchaseReport; seesCosts: boolean }) {
  const sections = [
    { title: 'Purchases', totals: totalsOf(report.purchases, report.totals?.purchases), color: '#389e0d' },
    { title: 'Sales', totals: totalsOf(report.sales, report.totals?.sales), color: '#1677ff' },
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

const SECTIONS: { section: SalePurchaseSection; title: string; emptyText: string }[] = [
  { section: 'purchases', title: 'Purchases', emptyText: 'No purchases in this period' },
  { section: 'sales', title: 'Sales', emptyText: 'No sales in this period' },
];

/** One section's card: its days of this page, and the movements of a day beyond its first ones on demand. */
function SectionCard({ report, section, title, emptyText }: { report: SalePurchaseReport; section: SalePurchaseSection; title: string; emptyText: string }) {
  const { message } = App.useApp();
  const { more, loadMore, loading } = useMoreItems(report, section);
  const onMore = (day: string) =>
    void loadMore(day).then((ok) => {
      if (!ok) void message.error(`Failed to fetch the movements of ${formatDay(day)}`);
    });
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }} className="report-section">
      <DayGroupedTable
        key={`${section}-${report.period.start_date}-${report.period.end_date}-${report.warehouse_id}-${report.page ?? 1}`}
        days={report[section]}
        totals={report.totals?.[section]}
        more={more}
        onMore={onMore}
        loadingDay={loading}
        emptyText={emptyText}
        testId={section}
        warehouseId={report.warehouse_id}
      />
    </Card>
  );
}

/**
 * `/sale-purchase-report`: one warehouse's purchases and sales per day over a period, a page of days at a time (the
 * totals are the whole period's); Export CSV downloads every movement of the period from the API.
 */
export default function SalePurchaseReportPage() {
  const { message } = App.useApp();
  const { applied, page, apply, goTo, search } = useSalePurchaseQuery();
  const { report, isFetching, error, refetch } = useSalePurchaseReport(applied, page);
  const [downloading, setDownloading] = useState(false);
  // 'Get Report' again with the same filters fetches afresh.
  const getReport = (q: SalePurchaseQuery) => (new URLSearchParams(q).toString() === search ? void refetch() : apply(q));

  const seesCosts = useSeesCosts();
  const exportCsv = async () => {
    if (!report) return;
    setDownloading(true);
    try {
      const { warehouse_id } = report;
      const { start_date, end_date } = report.period;
      await downloadFromApi('/reports/warehouse-sale-purchase.csv', { warehouse_id, start_date, end_date }, `sale-purchase-${start_date}-to-${end_date}.csv`);
    } catch (e) {
      void message.error((e as Error).message || 'Failed to download the report');
    } finally {
      setDownloading(false);
    }
  };
  const daysTotal = report?.days_total ?? 0;

  return (
    <>
      <PageHeader
        title="Sale Purchase Report"
        subTitle={report && `${report.warehouse_name} · ${formatDay(report.period.start_date)} – ${formatDay(report.period.end_date)}`}
        extra={<ReportActions onExport={() => void exportCsv()} disabled={!report || downloading} />}
      />
      <SalePurchaseFilters applied={applied} onApply={getReport} loading={isFetching} />
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      {!applied && <Empty description="Choose a warehouse and a period, then Get Report" />}
      {report && (
        <Spin spinning={isFetching} delay={200}>
          <Totals report={report} seesCosts={seesCosts} />
          {SECTIONS.map((s) => (
            <SectionCard key={s.section} report={report} {...s} />
          ))}
          {daysTotal > DAYS_PER_PAGE && (
            <Pagination
              className="no-print"
              align="end"
              current={page}
              pageSize={DAYS_PER_PAGE}
              total={daysTotal}
              showSizeChanger={false}
              showTotal={(total, [from, to]) => `Days ${from}–${to} of ${total}`}
              onChange={goTo}
            />
          )}
        </Spin>
      )}
      {applied && !report && isFetching && <Spin style={{ display: 'block', margin: '48px auto' }} />}
    </>
  );
}
