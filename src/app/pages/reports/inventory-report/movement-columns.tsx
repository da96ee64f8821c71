import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { formatChange, formatDateTime } from '../shared/format';
import { MovementTypeTag } from '../shared/MovementTypeTag';

export const movementColumns: TableColumnsType<StockMovement> = [
  { title: 'Date', dataIndex: 'created', key: 'created', width: 170, render: formatDateTime },
  { title: 'Product', dataIndex: 'product_name', key: 'product_name' },
  { title: 'Warehouse', dataIndex: 'warehouse_name', key: 'warehouse_name' },
  { title: 'Type', dataIndex: 'movement_type', key: 'movement_type', width: 120, render: (type: string) => <MovementTypeTag type={type} /> },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', width: 100, render: formatChange },
  { title: 'Unit Cost', dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 110, render: formatINR },
  { title: 'Total Value', dataIndex: 'total_value', key: 'total_value', align: 'right', width: 130, render: formatINR },
  {
    title: 'Reference', key: 'reference', width: 130,
    // A transfer's movements (issue 18) open the transfer.
    render: (_, m) => (m.reference_type === 'transfer' && m.reference_id ? <Link to={`/transfers/${m.reference_id}`}>Transfer</Link> : (m.reference_id ?? '')),
  },
];
