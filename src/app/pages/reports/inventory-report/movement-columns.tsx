import type { TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { formatChange, formatDateTime } from '../shared/format';
import { MovementReference } from '../shared/MovementReference';
import { MovementTypeTag } from '../shared/MovementTypeTag';

export const movementColumns: TableColumnsType<StockMovement> = [
  { title: 'Date', dataIndex: 'created', key: 'created', width: 170, render: formatDateTime },
  { title: 'Product', dataIndex: 'product_name', key: 'product_name' },
  { title: 'Warehouse', dataIndex: 'warehouse_name', key: 'warehouse_name' },
  { title: 'Type', dataIndex: 'movement_type', key: 'movement_type', width: 120, render: (type: string) => <MovementTypeTag type={type} /> },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', width: 100, render: formatChange },
  { title: 'Unit Cost', dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 110, render: formatINR },
  { title: 'Total Value', dataIndex: 'total_value', key: 'total_value', align: 'right', width: 130, render: formatINR },
  // A transfer's movements (issue 18) open the transfer, a purchase order's receipts and returns (issue 31) the order.
  { title: 'Reference', key: 'reference', width: 130, render: (_, m) => <MovementReference movement={m} /> },
];
