import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload, theme } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { imageSrc } from './image-src';
import { resizeImage } from './resize-image';

type Props = {
  value?: string[];
  onChange?: (images: string[]) => void;
  /** How many images the field holds (the main image: 1). */
  max: number;
  /** Names the images for screen readers and tests ('Main image', 'Red image'), in the user's language. */
  label: string;
  disabled?: boolean;
};

const TILE = 96;

/**
 * Images with previews and removal. A chosen file is resized in the browser (200 px wide JPEG) and kept as a
 * data URL until the form is saved; images already stored stay as their URLs.
 */
export function ImagePicker({ value = [], onChange, max, label, disabled }: Props) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { t, tx } = useT();
  const [busy, setBusy] = useState(0);
  const full = value.length >= max;

  const add = async (files: File[]) => {
    const room = max - value.length;
    if (files.length > room) void message.warning(max === 1 ? t('products.images.atMostOne') : t('products.images.atMost', { max }));
    setBusy((n) => n + 1);
    try {
      const resized = await Promise.all(files.slice(0, room).map((file) => resizeImage(file)));
      onChange?.([...value, ...resized]);
    } catch (error) {
      // resizeImage's own words (src/app/pages/products/resize-image.ts), in the user's language.
      void message.error(tx(error instanceof Error ? error.message : 'The image could not be read.'));
    } finally {
      setBusy((n) => n - 1);
    }
  };

  return (
    <Space wrap size={12}>
      {value.map((image, index) => (
        <div key={`${index}-${image.slice(-24)}`} style={{ position: 'relative', width: TILE, height: TILE }}>
          <Image
            src={imageSrc(image)}
            alt={`${label} ${index + 1}`}
            width={TILE}
            height={TILE}
            style={{ objectFit: 'cover', borderRadius: token.borderRadius, border: `1px solid ${token.colorBorderSecondary}` }}
          />
          <Button
            size="small"
            danger
            shape="circle"
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('products.images.remove', { label: label.toLowerCase(), index: index + 1 })}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            style={{ position: 'absolute', top: 4, right: 4 }}
          />
        </div>
      ))}
      {!full && (
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple={max > 1}
          showUploadList={false}
          disabled={disabled || busy > 0}
          // Files are resized and kept in the form; nothing is uploaded until the product is saved.
          beforeUpload={(file, batch) => {
            if (file === batch[0]) void add(batch);
            return Upload.LIST_IGNORE;
          }}
        >
          <button
            type="button"
            aria-label={t('products.images.add', { label: label.toLowerCase() })}
            disabled={disabled || busy > 0}
            style={{
              width: TILE,
              height: TILE,
              borderRadius: token.borderRadius,
              border: `1px dashed ${token.colorBorder}`,
              background: token.colorFillQuaternary,
              cursor: 'pointer',
              color: token.colorTextSecondary,
            }}
          >
            {busy ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 4, fontSize: 12 }}>{busy ? t('products.images.resizing') : t('products.images.upload')}</div>
          </button>
        </Upload>
      )}
    </Space>
  );
}
