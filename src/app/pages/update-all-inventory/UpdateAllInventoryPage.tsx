import { SyncOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../inventory/shared/PageHeader';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { ReconcileResultCard } from './ReconcileResultCard';
import type { ReconcileResult, UpdateAllPreview } from './types';
import { useUpdateAllPreview } from './use-update-all-preview';

const records = (n: number) => `${n.toLocaleString('en-IN')} inventory record${n === 1 ? '' : 's'}`;

/** What the confirmation says the update will do, from the preview. */
function consequence(preview: UpdateAllPreview): string {
  const creates =
    preview.to_create === 0
      ? `Every product already has a record in ${preview.warehouse_name}: no record will be created.`
      : `It will create ${records(preview.to_create)} (0 in stock) for the products with none in ${preview.warehouse_name} yet.`;
  return `${creates} Any balance that differs from its stock movements is reset to them.`;
}

/**
 * `/update-all-inventory` (admin only): reconcile one warehouse with its stock ledger. A warehouse select
 * replaces the legacy free-text id prefilled with a fixed warehouse; nothing runs before the user has confirmed what
 * the update will create there.
 */
export default function UpdateAllInventoryPage() {
  const [warehouseId, setWarehouseId] = useState<string>();
  const [result, setResult] = useState<ReconcileResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<ReconcileResult>();
  const invalidate = useInvalidate();
  const { preview, error: previewError, refresh } = useUpdateAllPreview(warehouseId);

  const run = async () => {
    if (!warehouseId || mutation.isPending) return;
    setError(null);
    setResult(null);
    try {
      const { data } = await mutateAsync({
        url: '/inventory/test-update-all-inventory',
        method: 'post',
        values: { warehouse_id: warehouseId },
        successNotification: false,
        errorNotification: false,
        meta: { errorMessage: 'Failed to update all inventory' },
      });
      setResult(data);
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <PageHeader title="Update All Inventory" />
      <Card size="small" style={{ marginBottom: 16, maxWidth: 760 }}>
        <Typography.Paragraph type="secondary">
          Gives every product a stock record in the warehouse (0 when it has none yet) and resets any balance that differs from the sum of its stock movements.
          The movements themselves are never changed.
        </Typography.Paragraph>
        <Form layout="vertical">
          <Flex gap={12} align="end" wrap>
            <Form.Item label="Warehouse" htmlFor="update-all-warehouse" required style={{ flex: '1 1 280px', marginBottom: 0 }}>
              <WarehouseSelect
                scope="update-all-inventory"
                id="update-all-warehouse"
                value={warehouseId}
                onChange={(id) => {
                  setWarehouseId(id);
                  setResult(null);
                }}
              />
            </Form.Item>
            <Popconfirm
              title={`Update all inventory in ${preview?.warehouse_name ?? 'this warehouse'}?`}
              description={
                <div style={{ maxWidth: 340 }} data-testid="update-all-confirm">
                  {preview ? consequence(preview) : (previewError ?? 'Counting the records to create...')}
                </div>
              }
              okText="Update Inventory"
              okButtonProps={{ disabled: !preview }}
              onOpenChange={(open) => open && refresh()}
              onConfirm={run}
              disabled={!warehouseId || mutation.isPending}
            >
              <Button type="primary" icon={<SyncOutlined />} loading={mutation.isPending} disabled={!warehouseId}>
                Update Inventory
              </Button>
            </Popconfirm>
          </Flex>
        </Form>
      </Card>
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16, maxWidth: 760 }} />}
      {result && (
        <div style={{ maxWidth: 760 }}>
          <ReconcileResultCard result={result} />
        </div>
      )}
    </>
  );
}
