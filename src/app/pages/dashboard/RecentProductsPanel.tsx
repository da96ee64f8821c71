import { ShoppingOutlined } from '@ant-design/icons';
import { Avatar, Card, List, Typography } from 'antd';
import { formatINR } from '../../../domain/money';
import { emptyTextOf } from '../../crud/list/ListError';
import type { PanelProps } from './panel-props';
import { useT } from '../../i18n/use-t';
import { OneLineText } from './OneLineText';

/** The 5 newest products: image, name and price (the offer price above a struck-through MRP). */
export function RecentProductsPanel({ summary, loading, failed }: PanelProps) {
  const { t } = useT();
  return (
    <Card size="small" title={t('dashboard.recentProducts')} style={{ height: '100%' }}>
      <List
        loading={loading}
        dataSource={summary?.recent_products ?? []}
        locale={{ emptyText: emptyTextOf({ failed }, t('dashboard.noProducts')) }}
        renderItem={(p) => (
          <List.Item extra={<PriceText price={p.price} discount={p.discount_price} />}>
            <List.Item.Meta
              avatar={<Avatar shape="square" size={40} src={p.image ?? undefined} icon={<ShoppingOutlined />} alt="" />}
              title={<OneLineText text={p.productname} />}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function PriceText({ price, discount }: { price: number; discount: number }) {
  if (discount > 0 && discount < price) {
    return (
      <div style={{ textAlign: 'right' }}>
        <Typography.Text strong>{formatINR(discount)}</Typography.Text>
        <br />
        <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
          {formatINR(price)}
        </Typography.Text>
      </div>
    );
  }
  return <Typography.Text strong>{formatINR(price)}</Typography.Text>;
}
