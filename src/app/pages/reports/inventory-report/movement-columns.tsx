import type { TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import type { StockMovement } from '../../inventory/shared/types';
import { formatChange, formatDateTime } from '../shared/format';
import { MovementReference } from '../shared/MovementReference';
import { MovementTypeTag } from '../shared/MovementTypeTag';
import type { Translate } from '../shared/translate';

export const movementColumns = (t: Translate): TableColumnsType<StockMovement> => [
  { title: t('reports.columns.date'), dataIndex: 'created', key: 'created', width: 170, render: formatDateTime },
  { title: t('reports.columns.product'), dataIndex: 'product_name', key: 'product_name' },
  { title: t('reports.columns.warehouse'), dataIndex: 'warehouse_name', key: 'warehouse_name' },
  { title: t('reports.columns.type'), dataIndex: 'movement_type', key: 'movement_type', width: 120, render: (type: string) => <MovementTypeTag type={type} /> },
  { title: t('reports.columns.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right', width: 100, render: formatChange },
  { title: t('reports.columns.unitCost'), dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 110, render: formatINR },
  { title: t('reports.columns.totalValue'), dataIndex: 'total_value', key: 'total_value', align: 'right', width: 130, render: formatINR },
  // A transfer's movements (issue 18) open the transfer, a purchase order's receipts and returns (issue 31) the order.
  { title: t('reports.columns.reference'), key: 'reference', width: 130, render: (_, m) => <MovementReference movement={m} /> },
];
