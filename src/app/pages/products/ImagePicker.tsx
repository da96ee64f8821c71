import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload, theme } from 'antd';
import { useState } from 'react';
import { imageSrc } from './image-src';
import { resizeImage } from './resize-image';

type Props = {
  value?: string[];
  onChange?: (images: string[]) => void;
  /** How many images the field holds (the main image: 1). */
  max: number;
  /** Names the images for screen readers and tests ('Main image', 'Red image'). */
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
  const [busy, setBusy] = useState(0);
  const full = value.length >= max;

  const add = async (files: File[]) => {
    const room = max - value.length;
    if (files.length > room) void message.warning(`At most ${max} image${max === 1 ? '' : 's'} here.`);
    setBusy((n) => n + 1);
    try {
      const resized = await Promise.all(files.slice(0, room).map((file) => resizeImage(file)));
      onChange?.([...value, ...resized]);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : 'The image could not be read.');
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
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
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
            aria-label={`Add ${label.toLowerCase()}`}
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
            <div style={{ marginTop: 4, fontSize: 12 }}>{busy ? 'Resizing...' : 'Upload'}</div>
          </button>
        </Upload>
      )}
    </Space>
  );
}
