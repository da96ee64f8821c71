import { Card, Empty, Segmented, Skeleton, Spin, Typography } from 'antd';
import { ListError } from '../../../crud/list/ListError';
import { usePhoneLayout } from '../../../layout/use-phone-layout';
import { PageHeader } from '../../inventory/shared/PageHeader';
import { downloadCsv } from '../shared/csv';
import { costCsv, useSeesCosts } from '../../../access/costs';
import { formatDateTime, formatDay } from '../shared/format';
import '../shared/print.css';
import { ReportActions } from '../shared/ReportActions';
import { ComparisonView } from './ComparisonView';
import { DetailedView } from './DetailedView';
import { MovementsView } from './MovementsView';
import { localisedCsv, reportCsv } from './report-csv';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translate';
import type { ComparisonReport, DetailedReport, InventoryReport, MovementsReport, ReportType, SummaryReport } from './report-types';
import { ReportFiltersForm } from './ReportFiltersForm';
import { SummaryView } from './SummaryView';
import { useInventoryReport } from './use-inventory-report';
import { useReportFilters, type ReportFilters } from './use-report-filters';

const viewsOf = (t: Translate): { value: ReportType; label: string }[] => [
  { value: 'summary', label: t('reports.inventoryReport.views.summary') },
  { value: 'detailed', label: t('reports.inventoryReport.views.detailed') },
  { value: 'movements', label: t('reports.figures.movements') },
  { value: 'comparison', label: t('reports.inventoryReport.views.comparison') },
];

/** The view of the report's own type: the API filled in exactly the sections that view shows. */
function View({ report }: { report: InventoryReport }) {
  if (report.report_type === 'detailed') return <DetailedView report={report as DetailedReport} />;
  if (report.report_type === 'movements') return <MovementsView report={report as MovementsReport} />;
  if (report.report_type === 'comparison') return <ComparisonView report={report as ComparisonReport} />;
  return <SummaryView report={report as SummaryReport} />;
}

/** `/inventory-report`: the inventory report generator, four views of one GET /inventory/report. */
export default function InventoryReportPage() {
  const filters = useReportFilters();
  const phone = usePhoneLayout();
  const type = filters.applied.report_type;
  const { report, isLoading, isFetching, error, refetch } = useInventoryReport(filters.applied);
  const seesCosts = useSeesCosts();
  const { t, tx } = useT();
  const views = viewsOf(t);
  // 'Generate Report' again with the same filters fetches afresh.
  const generate = (next: ReportFilters) => {
    if (!filters.apply(next)) void refetch();
  };

  const exportCsv = () => {
    if (!report) return;
    const { header, rows } = localisedCsv(report.report_type, costCsv(reportCsv(report).header, reportCsv(report).rows, seesCosts), tx);
    downloadCsv(`inventory-report-${type}-${report.period.start_date}-to-${report.period.end_date}.csv`, header, rows);
  };

  return (
    <>
      <PageHeader
        title={t('menu.inventoryReport')}
        subTitle={
          report &&
          t('reports.inventoryReport.subtitle', {
            from: formatDay(report.period.start_date),
            to: formatDay(report.period.end_date),
            at: formatDateTime(report.generated_at),
          })
        }
        extra={<ReportActions onExport={exportCsv} disabled={!report} />}
      />
      <ReportFiltersForm applied={filters.applied} onApply={generate} onReset={filters.reset} loading={isFetching} />
      {/* On the narrowest phones the choice scrolls within its own strip, never the page. */}
      <div className="no-print" style={{ overflowX: 'auto', marginBottom: 16 }}>
        <Segmented<ReportType>
          options={views}
          value={type}
          onChange={filters.setReportType}
          size={phone ? 'small' : 'middle'}
          aria-label={t('reports.inventoryReport.reportType')}
        />
      </div>
      <ListError error={error} onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />
      {isLoading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : report ? (
        <Spin spinning={isFetching} delay={200}>
          <Typography.Title level={4} className="print-only" style={{ display: 'none' }}>
            {t('reports.inventoryReport.printTitle', { view: views.find((v) => v.value === type)?.label })}
          </Typography.Title>
          <View report={report} />
        </Spin>
      ) : (
        !error && <Empty description={t('reports.inventoryReport.empty')} />
      )}
    </>
  );
}
