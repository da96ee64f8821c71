import { costColumns, useSeesCosts } from '../../../access/costs';
import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { inventoryStatus } from '../../inventory/shared/inventory-status';
import { StatusTag } from '../../inventory/shared/StatusTag';
import type { InventoryRecord } from '../../inventory/shared/types';
import { formatQuantity } from '../shared/format';
import type { DetailedReport } from './report-types';
import { pagedOnScreen, usePrinting } from '../shared/use-printing';
import { useT } from '../../../i18n/use-t';
import type { Translate } from '../shared/translate';

const columnsOf = (t: Translate): TableColumnsType<InventoryRecord> => [
  { title: t('reports.columns.product'), dataIndex: 'product_name', key: 'product_name' },
  { title: t('reports.columns.warehouse'), dataIndex: 'warehouse_name', key: 'warehouse_name' },
  { title: t('reports.columns.location'), dataIndex: 'location', key: 'location', width: 100 },
  { title: t('reports.columns.currentStock'), dataIndex: 'current_stock', key: 'current_stock', align: 'right', width: 110, render: formatQuantity },
  { title: t('reports.columns.minStock'), dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 90, render: formatQuantity },
  { title: t('reports.columns.maxStock'), dataIndex: 'maximum_stock', key: 'maximum_stock', align: 'right', width: 90, render: formatQuantity },
  { title: t('reports.columns.unitCost'), dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 110, render: formatINR },
  { title: t('reports.columns.totalValue'), dataIndex: 'total_value', key: 'total_value', align: 'right', width: 130, render: formatINR },
  { title: t('reports.columns.status'), key: 'status', width: 110, render: (_, r) => <StatusTag status={inventoryStatus(r)} /> },
];

/** Every inventory record the filters select (up to the limit). */
export function DetailedView({ report }: { report: DetailedReport }) {
  const seesCosts = useSeesCosts();
  const printing = usePrinting();
  const { t } = useT();
  const shown = report.inventory_items.length;
  return (
    <Card
      size="small"
      title={t('reports.inventoryReport.detailed.title')}
      extra={
        <Typography.Text type="secondary">{t('reports.inventoryReport.detailed.recordsOf', { shown, total: report.summary.total_products })}</Typography.Text>
      }
      className="report-section"
    >
      <Table<InventoryRecord>
        rowKey="_id"
        size="small"
        dataSource={report.inventory_items}
        columns={costColumns(columnsOf(t), seesCosts)}
        pagination={pagedOnScreen(printing, 25)}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('reports.inventoryReport.detailed.empty') }}
      />
    </Card>
  );
}
