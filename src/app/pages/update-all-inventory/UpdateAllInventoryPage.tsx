import { SyncOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Flex, Form, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import type { Translate } from '../inventory/shared/translator';
import { WarehouseSelect } from '../inventory/shared/WarehouseSelect';
import { ReconcileResultCard } from './ReconcileResultCard';
import type { ReconcileResult, UpdateAllPreview } from './types';
import { useUpdateAllPreview } from './use-update-all-preview';

const records = (n: number, t: Translate) => `${n.toLocaleString('en-IN')} ${n === 1 ? t('inventory.entity.singular') : t('inventory.updateAll.records')}`;

/** What the confirmation says the update will do, from the preview. */
function consequence(preview: UpdateAllPreview, t: Translate): string {
  const warehouse = preview.warehouse_name;
  const creates =
    preview.to_create === 0
      ? t('inventory.updateAll.noneToCreate', { warehouse })
      : t('inventory.updateAll.willCreate', { records: records(preview.to_create, t), warehouse });
  return `${creates} ${t('inventory.updateAll.resets')}`;
}

/**
 * `/update-all-inventory` (admin only): reconcile one warehouse with its stock ledger. A warehouse select
 * replaces the legacy free-text id prefilled with a fixed warehouse; nothing runs before the user has confirmed what
 * the update will create there.
 */
export default function UpdateAllInventoryPage() {
  const { t, tx } = useT();
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
        meta: { errorMessage: t('inventory.updateAll.failed') },
      });
      setResult(data);
      void invalidate({ resource: 'inventory', invalidates: ['list', 'detail'] });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <PageHeader title={t('menu.updateAllInventory')} />
      <Card size="small" style={{ marginBottom: 16, maxWidth: 760 }}>
        <Typography.Paragraph type="secondary">{t('inventory.updateAll.intro')}</Typography.Paragraph>
        <Form layout="vertical">
          <Flex gap={12} align="end" wrap>
            <Form.Item label={t('inventory.fields.warehouse')} htmlFor="update-all-warehouse" required style={{ flex: '1 1 280px', marginBottom: 0 }}>
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
              title={preview ? t('inventory.updateAll.confirm', { warehouse: preview.warehouse_name }) : t('inventory.updateAll.confirmThis')}
              description={
                <div style={{ maxWidth: 340 }} data-testid="update-all-confirm">
                  {preview ? consequence(preview, t) : previewError ? tx(previewError) : t('inventory.updateAll.counting')}
                </div>
              }
              okText={t('inventory.updateAll.run')}
              okButtonProps={{ disabled: !preview }}
              onOpenChange={(open) => open && refresh()}
              onConfirm={run}
              disabled={!warehouseId || mutation.isPending}
            >
              <Button type="primary" icon={<SyncOutlined />} loading={mutation.isPending} disabled={!warehouseId}>
                {t('inventory.updateAll.run')}
              </Button>
            </Popconfirm>
          </Flex>
        </Form>
      </Card>
      {error && <Alert type="error" showIcon role="alert" message={tx(error)} style={{ marginBottom: 16, maxWidth: 760 }} />}
      {result && (
        <div style={{ maxWidth: 760 }}>
          <ReconcileResultCard result={result} />
        </div>
      )}
    </>
  );
}
