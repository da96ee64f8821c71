import { SyncOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../inventory/shared/PageHeader';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { ReconcileResultCard } from './ReconcileResultCard';
import type { ReconcileResult } from './types';

/**
 * `/update-all-inventory` (admin only): reconcile one warehouse with its stock ledger. A warehouse select
 * replaces the legacy free-text id prefilled with a fixed warehouse.
 */
export default function UpdateAllInventoryPage() {
  const [warehouseId, setWarehouseId] = useState<string>();
  const [result, setResult] = useState<ReconcileResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<ReconcileResult>();
  const invalidate = useInvalidate();

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
          Gives every product a stock record in the warehouse (0 when it has none yet) and resets any balance that differs from
          the sum of its stock movements. The movements themselves are never changed.
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={run}>
          <Flex gap={12} align="end" wrap>
            <Form.Item label="Warehouse" htmlFor="update-all-warehouse" required style={{ flex: '1 1 280px', marginBottom: 0 }}>
              <WarehouseSelect scope="update-all-inventory"
                id="update-all-warehouse"
                value={warehouseId}
                onChange={(id) => {
                  setWarehouseId(id);
                  setResult(null);
                }}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SyncOutlined />} loading={mutation.isPending} disabled={!warehouseId}>
              Update Inventory
            </Button>
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
