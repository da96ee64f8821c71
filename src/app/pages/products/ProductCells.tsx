import { PictureOutlined } from '@ant-design/icons';
import { Image, Space, Tag, Tooltip, theme } from 'antd';
import type { StockStatus } from '../../../domain/constants';
import { useT } from '../../i18n/use-t';
import { imageSrc } from './image-src';

const STOCK: Record<StockStatus, { colour: string; label: string }> = {
  in_stock: { colour: 'green', label: 'In Stock' },
  low_stock: { colour: 'orange', label: 'Low Stock' },
  out_of_stock: { colour: 'red', label: 'Out of Stock' },
};

export const stockStatusLabel = (status: string | null | undefined) => STOCK[status as StockStatus]?.label ?? 'N/A';

/** SPEC.md section 4: in_stock green, low_stock orange, out_of_stock red, anything else 'N/A'. */
export function StockStatusTag({ status }: { status: string | null | undefined }) {
  const { t, tx } = useT();
  const known = STOCK[status as StockStatus];
  return known ? <Tag color={known.colour}>{tx(known.label)}</Tag> : <Tag>{t('products.stock.notAvailable')}</Tag>;
}

/** 'N/A' where a figure is missing (a product's stock before any inventory record). */
export function NotAvailable() {
  const { t } = useT();
  return <>{t('products.stock.notAvailable')}</>;
}

/** A product's first main image, small, with a click-to-enlarge preview. */
export function ProductThumb({ images, name, size = 48 }: { images: string[] | null | undefined; name: string; size?: number }) {
  const { token } = theme.useToken();
  const { t } = useT();
  const first = images?.[0];
  if (!first) {
    return (
      <div
        aria-label={t('products.noImage')}
        style={{
          width: size,
          height: size,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 6,
          background: token.colorFillTertiary,
          color: token.colorTextTertiary,
        }}
      >
        <PictureOutlined />
      </div>
    );
  }
  return <Image src={imageSrc(first)} alt={name} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}

/**
 * The subcategory, and a warning when its GST rate has changed since the product was saved: the product keeps the
 * rate it was saved with (an invoice must not change after the fact) until it is edited with its subcategory picked again.
 */
export function SubcategoryCell({ name, gstRate, subcategoryGstRate }: { name: string; gstRate: number; subcategoryGstRate?: number }) {
  const { t } = useT();
  if (subcategoryGstRate === undefined || subcategoryGstRate === gstRate) return <>{name}</>;
  const note = t('products.gstChanged', { name, now: subcategoryGstRate, kept: gstRate });
  return (
    <Space size={4} wrap>
      <span>{name}</span>
      <Tooltip title={note}>
        <Tag color="warning" aria-label={note}>
          {t('products.gstChangedTag', { kept: gstRate, now: subcategoryGstRate })}
        </Tag>
      </Tooltip>
    </Space>
  );
}
