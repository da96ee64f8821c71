import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { formatChange, formatDay, formatQuantity } from '../shared/format';
import type { ComparisonReport } from './report-types';
import { pagedOnScreen, usePrinting } from '../shared/use-printing';
import { useT } from '../../../i18n/use-t';

export type ComparisonRow = ComparisonReport['comparison']['current_stock'][number] & { change: number };

/** Per product: stock at the start of the period, at its end, the change between, and the stock now. */
export const comparisonRows = (report: ComparisonReport): ComparisonRow[] =>
  report.comparison.current_stock.map((row) => ({ ...row, change: row.closing_stock - row.opening_stock }));

const changeText = (n: number) => (
  <Typography.Text type={n > 0 ? 'success' : n < 0 ? 'danger' : 'secondary'} strong={n !== 0}>
    {formatChange(n)}
  </Typography.Text>
);

export function ComparisonView({ report }: { report: ComparisonReport }) {
  const printing = usePrinting();
  const { t } = useT();
  const { start_date, end_date } = report.comparison.period;
  const columns: TableColumnsType<ComparisonRow> = [
    { title: t('reports.columns.product'), dataIndex: 'product_name', key: 'product_name' },
    {
      title: t('reports.inventoryReport.comparison.opening', { day: formatDay(start_date) }),
      dataIndex: 'opening_stock',
      key: 'opening_stock',
      align: 'right',
      render: formatQuantity,
    },
    {
      title: t('reports.inventoryReport.comparison.closing', { day: formatDay(end_date) }),
      dataIndex: 'closing_stock',
      key: 'closing_stock',
      align: 'right',
      render: formatQuantity,
    },
    { title: t('reports.columns.change'), dataIndex: 'change', key: 'change', align: 'right', sorter: (a, b) => a.change - b.change, render: changeText },
    { title: t('reports.columns.currentStock'), dataIndex: 'current_stock', key: 'current_stock', align: 'right', render: formatQuantity },
  ];
  return (
    <Card size="small" title={t('reports.inventoryReport.comparison.title')} className="report-section">
      <Table<ComparisonRow>
        rowKey="product_id"
        size="small"
        dataSource={comparisonRows(report)}
        columns={columns}
        pagination={pagedOnScreen(printing, 25)}
        scroll={{ x: 700 }}
        locale={{ emptyText: t('reports.inventoryReport.comparison.empty') }}
      />
    </Card>
  );
}
