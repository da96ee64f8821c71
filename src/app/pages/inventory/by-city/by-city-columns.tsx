import { EditOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { cityInventoryStatus } from '../shared/inventory-status';
import { StatusTag } from '../shared/StatusTag';
import type { InventoryRecord } from '../shared/types';

const number = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-IN');

export function byCityColumns(onAdjust: (record: InventoryRecord) => void, canAdjust: boolean): TableColumnsType<InventoryRecord> {
  return [
    { title: 'Warehouse', dataIndex: 'warehouse_name', key: 'warehouse_name', width: 190 },
    { title: 'Product Name', dataIndex: 'product_name', key: 'product_name', width: 190 },
    { title: 'Current Stock', dataIndex: 'current_stock', key: 'current_stock', align: 'right', width: 90, render: number },
    { title: 'Min Stock', dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 80, render: number },
    { title: 'Unit Cost', dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 100, render: formatINR },
    { title: 'Total Value', dataIndex: 'total_value', key: 'total_value', align: 'right', width: 120, render: formatINR },
    // SPEC.md section 4: this view shows only Out of Stock or In Stock.
    { title: 'Status', key: 'status', width: 110, render: (_, record) => <StatusTag status={cityInventoryStatus(record)} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 140,
      render: (_, record) => (
        <Button size="small" icon={<EditOutlined />} disabled={!canAdjust} onClick={() => onAdjust(record)}>
          Adjust Stock
        </Button>
      ),
    },
  ];
}
