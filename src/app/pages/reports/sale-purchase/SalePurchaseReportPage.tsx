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
import { useT } from '../../../i18n/use-t';
import { DAYS_PER_PAGE, useMoreItems, useSalePurchaseQuery, useSalePurchaseReport } from './use-sale-purchase-report';

/** Each section's value and units over the whole period; without 'costs: see' its units alone. */
function Totals({ report, seesCosts }: { report: SalePurchaseReport; seesCosts: boolean }) {
  const { t } = useT();
  const sections = [
    { key: 'purchases', title: t('reports.salePurchase.purchases'), totals: totalsOf(report.purchases, report.totals?.purchases), color: '#389e0d' },
    { key: 'sales', title: t('reports.salePurchase.sales'), totals: totalsOf(report.sales, report.totals?.sales), color: '#1677ff' },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {sections.map(({ key, title, totals, color }) => {
        const units = t('reports.units', { quantity: totals.quantity.toLocaleString('en-IN') });
        return (
          <Col key={key} xs={24} md={12}>
            <Card size="small">
              <Statistic title={seesCosts ? `${title} · ${units}` : title} value={seesCosts ? formatINR(totals.value) : units} valueStyle={{ color }} />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

const SECTIONS: SalePurchaseSection[] = ['purchases', 'sales'];

/** One section's card: its days of this page, and the movements of a day beyond its first ones on demand. */
function SectionCard({ report, section }: { report: SalePurchaseReport; section: SalePurchaseSection }) {
  const { message } = App.useApp();
  const { t } = useT();
  const { more, loadMore, loading } = useMoreItems(report, section);
  const title = section === 'purchases' ? t('reports.salePurchase.purchases') : t('reports.salePurchase.sales');
  const emptyText = section === 'purchases' ? t('reports.salePurchase.noPurchases') : t('reports.salePurchase.noSales');
  const onMore = (day: string) =>
    void loadMore(day).then((ok) => {
      if (!ok) void message.error(t('reports.salePurchase.moreFailed', { day: formatDay(day) }));
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
  const { t, tx } = useT();
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
      void message.error(tx((e as Error).message) || t('reports.salePurchase.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const daysTotal = report?.days_total ?? 0;

  return (
    <>
      <PageHeader
        title={t('menu.salePurchaseReport')}
        subTitle={report && `${report.warehouse_name} · ${formatDay(report.period.start_date)} – ${formatDay(report.period.end_date)}`}
        extra={<ReportActions onExport={() => void exportCsv()} disabled={!report || downloading} />}
      />
      <SalePurchaseFilters applied={applied} onApply={getReport} loading={isFetching} />
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      {!applied && <Empty description={t('reports.salePurchase.empty')} />}
      {report && (
        <Spin spinning={isFetching} delay={200}>
          <Totals report={report} seesCosts={seesCosts} />
          {SECTIONS.map((section) => (
            <SectionCard key={section} report={report} section={section} />
          ))}
          {daysTotal > DAYS_PER_PAGE && (
            <Pagination
              className="no-print"
              align="end"
              current={page}
              pageSize={DAYS_PER_PAGE}
              total={daysTotal}
              showSizeChanger={false}
              showTotal={(total, [from, to]) => t('reports.salePurchase.daysOf', { from, to, total })}
              onChange={goTo}
            />
          )}
        </Spin>
      )}
      {applied && !report && isFetching && <Spin style={{ display: 'block', margin: '48px auto' }} />}
    </>
  );
}
