import { DollarOutlined } from '@ant-design/icons';
import { DeleteButton, EditButton } from '@refinedev/antd';
import { Button, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { inventoryStatus } from '../shared/inventory-status';
import { StatusTag } from '../shared/StatusTag';
import type { Translate } from '../shared/translator';
import type { InventoryRecord } from '../shared/types';

const number = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-IN');

/** A maximum of 0 means none was set. */
const maximum = (value: number | null, t: Translate) =>
  value ? (
    number(value)
  ) : (
    <Tooltip title={t('inventory.list.noMaximum')}>
      <Typography.Text type="secondary">—</Typography.Text>
    </Tooltip>
  );

/**
 * SPEC.md "Inventory list" columns, in order, in the language of `t` (the screen's translate). `onRevalue`: given to a
 * role that may revalue stock (an admin).
 */
export function inventoryColumns(
  t: Translate,
  onAdjust: (record: InventoryRecord) => void,
  onRevalue?: (record: InventoryRecord) => void,
): TableColumnsType<InventoryRecord> {
  return [
    { title: t('inventory.fields.productName'), dataIndex: 'product_name', key: 'product_name', sorter: true, width: 150 },
    { title: t('inventory.fields.currentStock'), dataIndex: 'current_stock', key: 'current_stock', align: 'right', sorter: true, width: 100, render: number },
    { title: t('inventory.fields.minStock'), dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 70, render: number },
    {
      title: t('inventory.fields.maxStock'),
      dataIndex: 'maximum_stock',
      key: 'maximum_stock',
      align: 'right',
      width: 70,
      render: (value: number | null) => maximum(value, t),
    },
    {
      title: t('inventory.fields.location'),
      dataIndex: 'location',
      key: 'location',
      width: 90,
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: t('inventory.fields.warehouse'), dataIndex: 'warehouse_name', key: 'warehouse_name', sorter: true, width: 130 },
    { title: t('inventory.fields.unitCost'), dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 95, render: formatINR },
    { title: t('inventory.fields.totalValue'), dataIndex: 'total_value', key: 'total_value', align: 'right', sorter: true, width: 110, render: formatINR },
    { title: t('inventory.fields.status'), key: 'status', width: 110, render: (_, record) => <StatusTag status={inventoryStatus(record)} /> },
    {
      title: t('inventory.fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: onRevalue ? 170 : 130,
      render: (_, record) => (
        <Space size={4}>
          <EditButton size="small" recordItemId={record._id} resource="inventory" onClick={() => onAdjust(record)}>
            {t('inventory.list.adjust')}
          </EditButton>
          {onRevalue && record.current_stock > 0 && (
            <Tooltip title={t('inventory.list.revalueHint')}>
              <Button
                size="small"
                icon={<DollarOutlined />}
                aria-label={t('inventory.list.revalueLabel', { product: record.product_name, warehouse: record.warehouse_name })}
                onClick={() => onRevalue(record)}
              />
            </Tooltip>
          )}
          <DeleteButton
            size="small"
            hideText
            recordItemId={record._id}
            resource="inventory"
            confirmTitle={t('inventory.list.deleteConfirm')}
            confirmOkText={t('buttons.delete')}
            aria-label={t('inventory.list.deleteLabel', { product: record.product_name, warehouse: record.warehouse_name })}
          />
        </Space>
      ),
    },
  ];
}
