import { Typography } from 'antd';
import type { ApiRecord } from '../../resources/types';
import { SellerLink } from './SellerLink';
import { orderOf } from './types';
import { useSeller } from './use-parties';

/** The order's seller on its page: their name (a link to their page, where the role may open it), phone and GST number. */
export function SellerDetails({ record }: { record: ApiRecord }) {
  const order = orderOf(record);
  const { seller } = useSeller(order.seller_id, order.seller_name);
  const details = [seller.phone, seller.gst && `GSTIN ${seller.gst}`].filter(Boolean).join(' · ');
  return (
    <span data-testid="order-seller">
      <SellerLink id={order.seller_id} name={seller.name} />
      {details && <Typography.Text type="secondary">{` · ${details}`}</Typography.Text>}
    </span>
  );
}
