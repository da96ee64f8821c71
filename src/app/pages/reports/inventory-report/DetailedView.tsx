import { costColumns, useSeesCosts } from '../../../access/costs';
import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { inventoryStatus } from '../../inventory/shared/inventory-status';
import { StatusTag } from '../../inventory/shared/StatusTag';
import type { InventoryRecord } from '../../inventory/shared/types';
import { formatQuantity } from '../shared/format';
import type { DetailedReport } from './report-types';
import { pagedOnScreen, usePrinting } from '../shared/use-printing';

const columns: TableColumnsType<InventoryRecord> = [
  { title: 'Product', dataIndex: 'product_name', key: 'product_name' },
  { title: 'Warehouse', dataIndex: 'warehouse_name', key: 'warehouse_name' },
  { title: 'Location', dataIndex: 'location', key: 'location', width: 100 },
  { title: 'Current Stock', dataIndex: 'current_stock', key: 'current_stock', align: 'right', width: 110, render: formatQuantity },
  { title: 'Min Stock', dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 90, render: formatQuantity },
  { title: 'Max Stock', dataIndex: 'maximum_stock', key: 'maximum_stock', align: 'right', width: 90, render: formatQuantity },
  { title: 'Unit Cost', dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 110, render: formatINR },
  { title: 'Total Value', dataIndex: 'total_value', key: 'total_value', align: 'right', width: 130, render: formatINR },
  { title: 'Status', key: 'status', width: 110, render: (_, r) => <StatusTag status={inventoryStatus(r)} /> },
];

/** Every inventory record the filters select (up to the limit). */
export function DetailedView({ report }: { report: DetailedReport }) {
  const seesCosts = useSeesCosts();
  const printing = usePrinting();
  const shown = report.inventory_items.length;
  return (
    <Card
      size="small"
      title="Inventory items"
      extra={<Typography.Text type="secondary">{`${shown} of ${report.summary.total_products} records`}</Typography.Text>}
      className="report-section"
    >
      <Table<InventoryRecord>
        rowKey="_id"
        size="small"
        dataSource={report.inventory_items}
        columns={costColumns(columns, seesCosts)}
        pagination={pagedOnScreen(printing, 25)}
        scroll={{ x: 1000 }}
        locale={{ emptyText: 'No inventory items match these filters' }}
      />
    </Card>
  );
}
