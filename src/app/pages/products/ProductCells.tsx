import { PictureOutlined } from '@ant-design/icons';
import { Image, Space, Tag, Tooltip, theme } from 'antd';
import type { StockStatus } from '../../../domain/constants';
import { imageSrc } from './image-src';

const STOCK: Record<StockStatus, { colour: string; label: string }> = {
  in_stock: { colour: 'green', label: 'In Stock' },
  low_stock: { colour: 'orange', label: 'Low Stock' },
  out_of_stock: { colour: 'red', label: 'Out of Stock' },
};

export const stockStatusLabel = (status: string | null | undefined) => STOCK[status as StockStatus]?.label ?? 'N/A';

/** SPEC.md section 4: in_stock green, low_stock orange, out_of_stock red, anything else 'N/A'. */
export function StockStatusTag({ status }: { status: string | null | undefined }) {
  const known = STOCK[status as StockStatus];
  return known ? <Tag color={known.colour}>{known.label}</Tag> : <Tag>N/A</Tag>;
}

/** A product's first main image, small, with a click-to-enlarge preview. */
export function ProductThumb({ images, name, size = 48 }: { images: string[] | null | undefined; name: string; size?: number }) {
  const { token } = theme.useToken();
  const first = images?.[0];
  if (!first) {
    return (
      <div
        aria-label="No image"
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
  if (subcategoryGstRate === undefined || subcategoryGstRate === gstRate) return <>{name}</>;
  const note = `${name}'s GST rate is now ${subcategoryGstRate}%; this product keeps ${gstRate}% until it is edited and its subcategory picked again.`;
  return (
    <Space size={4} wrap>
      <span>{name}</span>
      <Tooltip title={note}>
        <Tag color="warning" aria-label={note}>
          GST {gstRate}% → {subcategoryGstRate}%
        </Tag>
      </Tooltip>
    </Space>
  );
}
