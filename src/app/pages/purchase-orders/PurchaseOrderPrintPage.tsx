import { PrinterOutlined } from '@ant-design/icons';
import { useNavigation, useShow } from '@refinedev/core';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { purchaseOrdersResource } from '../../../domain/resources/purchase-orders';
import { BUSINESS_NAME } from '../../config';
import { valueText } from '../../declared/declared-values';
import { useT } from '../../i18n/use-t';
import type { ApiRecord } from '../../resources/types';
import { PurchaseOrderSheet } from './PurchaseOrderSheet';
import { orderOf } from './types';
import { useSeller, useWarehouse } from './use-parties';
import './print.css';

/**
 * `/purchase-orders/print/:id`: the order as a sheet to print or save as PDF (the browser's print dialog), the app's
 * sidebar, header and these buttons left off the paper.
 */
export default function PurchaseOrderPrintPage() {
  const { id = '' } = useParams();
  const { showUrl } = useNavigation();
  const navigate = useNavigate();
  const { t, tx } = useT();
  const { result, query } = useShow<ApiRecord>({ resource: 'purchase-orders', id, queryOptions: { retry: false }, errorNotification: false });
  const order = result ? orderOf(result) : undefined;
  const { seller } = useSeller(order?.seller_id, order?.seller_name ?? null);
  const warehouse = useWarehouse(order?.warehouse_id, order?.warehouse_name ?? null);

  if (query.isError) return <Alert type="error" showIcon role="alert" message={tx(query.error.message)} />;
  if (!order) return <Skeleton active />;
  const priced = order.lines.some((l) => l.unit_cost !== undefined);
  return (
    <>
      <Flex className="no-print" gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(showUrl('purchase-orders', id))}>{t('purchaseOrders.print.back')}</Button>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('purchaseOrders.print.print')}
        </Button>
        {!priced && <Typography.Text type="secondary">{t('purchaseOrders.print.noCosts')}</Typography.Text>}
      </Flex>
      <PurchaseOrderSheet
        order={order}
        business={BUSINESS_NAME}
        seller={seller}
        warehouse={warehouse}
        statusLabel={tx(valueText(purchaseOrdersResource.fields.status, order.status))}
      />
    </>
  );
}
