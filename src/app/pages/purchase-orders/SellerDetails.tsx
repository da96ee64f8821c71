import { useNavigation } from '@refinedev/core';
import { Typography } from 'antd';
import { Link } from 'react-router';
import type { ApiRecord } from '../../resources/types';
import { orderOf } from './types';
import { useSeller } from './use-parties';

/** The order's seller on its page: their name (a link to their page, where the role may open it), phone and GST number. */
export function SellerDetails({ record }: { record: ApiRecord }) {
  const order = orderOf(record);
  const { seller, canOpen } = useSeller(order.seller_id, order.seller_name);
  const { showUrl } = useNavigation();
  const details = [seller.phone, seller.gst && `GSTIN ${seller.gst}`].filter(Boolean).join(' · ');
  return (
    <span data-testid="order-seller">
      {canOpen ? <Link to={showUrl('users', order.seller_id)}>{seller.name}</Link> : seller.name}
      {details && <Typography.Text type="secondary">{` · ${details}`}</Typography.Text>}
    </span>
  );
}
