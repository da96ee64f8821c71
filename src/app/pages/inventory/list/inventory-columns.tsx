import { DollarOutlined } from '@ant-design/icons';
import { DeleteButton, EditButton } from '@refinedev/antd';
import { Button, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatINR } from '../../../../domain/money';
import { inventoryStatus } from '../shared/inventory-status';
import { StatusTag } from '../shared/StatusTag';
import type { InventoryRecord } from '../shared/types';

export const DELETE_CONFIRM = 'Are you sure you want to delete this inventory record?';

const number = (value: number | null | undefined) => (value ?? 0).toLocaleString('en-IN');

/** A maximum of 0 means none was set. */
const maximum = (value: number | null) =>
  value ? (
    number(value)
  ) : (
    <Tooltip title="No maximum set">
      <Typography.Text type="secondary">—</Typography.Text>
    </Tooltip>
  );

/** SPEC.md "Inventory list" columns, in order. `onRevalue`: given to a role that may revalue stock (an admin). */
export function inventoryColumns(
  onAdjust: (record: InventoryRecord) => void,
  onRevalue?: (record: InventoryRecord) => void,
): TableColumnsType<InventoryRecord> {
  return [
    { title: 'Product Name', dataIndex: 'product_name', key: 'product_name', sorter: true, width: 150 },
    { title: 'Current Stock', dataIndex: 'current_stock', key: 'current_stock', align: 'right', sorter: true, width: 100, render: number },
    { title: 'Min Stock', dataIndex: 'minimum_stock', key: 'minimum_stock', align: 'right', width: 70, render: number },
    { title: 'Max Stock', dataIndex: 'maximum_stock', key: 'maximum_stock', align: 'right', width: 70, render: maximum },
    { title: 'Location', dataIndex: 'location', key: 'location', width: 90, render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text> },
    { title: 'Warehouse', dataIndex: 'warehouse_name', key: 'warehouse_name', sorter: true, width: 130 },
    { title: 'Unit Cost', dataIndex: 'unit_cost', key: 'unit_cost', align: 'right', width: 95, render: formatINR },
    { title: 'Total Value', dataIndex: 'total_value', key: 'total_value', align: 'right', sorter: true, width: 110, render: formatINR },
    { title: 'Status', key: 'status', width: 110, render: (_, record) => <StatusTag status={inventoryStatus(record)} /> },
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      width: onRevalue ? 170 : 130,
      render: (_, record) => (
        <Space size={4}>
          <EditButton size="small" recordItemId={record._id} resource="inventory" onClick={() => onAdjust(record)}>
            Adjust
          </EditButton>
          {onRevalue && record.current_stock > 0 && (
            <Tooltip title="Revalue: change what this stock is worth">
              <Button
                size="small"
                icon={<DollarOutlined />}
                aria-label={`Revalue ${record.product_name} in ${record.warehouse_name}`}
                onClick={() => onRevalue(record)}
              />
            </Tooltip>
          )}
          <DeleteButton
            size="small"
            hideText
            recordItemId={record._id}
            resource="inventory"
            confirmTitle={DELETE_CONFIRM}
            confirmOkText="Delete"
            aria-label={`Delete ${record.product_name} in ${record.warehouse_name}`}
          />
        </Space>
      ),
    },
  ];
}
