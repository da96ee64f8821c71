import { EditOutlined } from '@ant-design/icons';
import { Button, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { cityInventoryStatus } from '../shared/inventory-status';
import { StatusTag } from '../shared/StatusTag';
import type { Translate } from '../shared/translator';
import type { InventoryRecord } from '../shared/types';

const number = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-IN');

/** `t`: the screen's translate (react-i18next's, or `translator(language)`). */
export function byCityColumns(onAdjust: (record: InventoryRecord) => void, canAdjust: boolean, t: Translate): TableColumnsType<InventoryRecord> {
  return [
    { title: t('inventory.fields.warehouse'), dataIndex: 'warehouse_name', key: 'warehouse_name', width: 190 },
    { title: t('inventory.fields.productName'), dataIndex: 'product_name', key: 'product_name', width: 190 },
    { title: t('inventory.fields.currentStock'), dataIndex: 'current_stock', key: 'current_stock', align: 'right', width: 90, render: number },
    { title: t('inventory.fields.minStock'), dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 80, render: number },
    { title: t('inventory.fields.unitCost'), dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 100, render: formatINR },
    { title: t('inventory.fields.totalValue'), dataIndex: 'total_value', key: 'total_value', align: 'right', width: 120, render: formatINR },
    // SPEC.md section 4: this view shows only Out of Stock or In Stock.
    { title: t('inventory.fields.status'), key: 'status', width: 110, render: (_, record) => <StatusTag status={cityInventoryStatus(record)} /> },
    {
      title: t('inventory.fields.actions'),
      key: 'actions',
      width: 140,
      render: (_, record) => (
        <Button size="small" icon={<EditOutlined />} disabled={!canAdjust} onClick={() => onAdjust(record)}>
          {t('stock.adjust.title')}
        </Button>
      ),
    },
  ];
}
