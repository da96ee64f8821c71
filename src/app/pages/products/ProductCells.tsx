import { PictureOutlined } from '@ant-design/icons';
import { Image, Tag, theme } from 'antd';
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
        style={{ width: size, height: size, display: 'grid', placeItems: 'center', borderRadius: 6, background: token.colorFillTertiary, color: token.colorTextTertiary }}
      >
        <PictureOutlined />
      </div>
    );
  }
  return <Image src={imageSrc(first)} alt={name} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}
