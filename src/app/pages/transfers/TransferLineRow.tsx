import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { NumberField } from '../../components/NumberField';
import type { NumberFieldValue } from '../../components/number-text';
import { ProductSearch } from '../inventory/shared/ProductSearch';
import type { ProductSuggestion } from '../inventory/shared/types';
import { useAvailableToSend } from './use-available-to-send';

/** A line of the transfer form: the product picked (a suggestion, or a draft's line), what the search box shows, the quantity typed. */
export type DraftLine = { key: string; text: string; product?: Pick<ProductSuggestion, '_id' | 'productname'>; quantity: NumberFieldValue };

type Props = {
  index: number;
  line: DraftLine;
  fromWarehouseId: string | undefined;
  errors: { product?: string; quantity?: string };
  onChange: (line: DraftLine) => void;
  onRemove?: () => void;
};

/** One product of a transfer: product search, quantity, and what the source warehouse can send of it now (unexpired). */
export function TransferLineRow({ index, line, fromWarehouseId, errors, onChange, onRemove }: Props) {
  const { available, expired, isLoading } = useAvailableToSend(line.product?._id, fromWarehouseId);
  const short = typeof line.quantity === 'number' && available !== undefined && line.quantity > available;
  const n = index + 1;
  return (
    <Flex gap={12} wrap align="start" data-testid={`transfer-line-${index}`}>
      <Form.Item
        label={`Product ${n}`}
        validateStatus={errors.product ? 'error' : undefined}
        help={errors.product}
        style={{ flex: '2 1 260px', marginBottom: 12 }}
      >
        <ProductSearch
          aria-label={`Product ${n}`}
          value={line.text}
          status={errors.product ? 'error' : undefined}
          onTextChange={(text) => onChange({ ...line, text, product: undefined })}
          onPick={(product) => onChange({ ...line, text: product.productname, product })}
        />
      </Form.Item>
      <Form.Item
        label={`Quantity ${n}`}
        validateStatus={errors.quantity ? 'error' : short ? 'warning' : undefined}
        help={errors.quantity ?? (short ? 'More than available in the source warehouse' : undefined)}
        style={{ flex: '1 1 120px', marginBottom: 12 }}
      >
        <NumberField integer aria-label={`Quantity ${n}`} value={line.quantity} onChange={(quantity) => onChange({ ...line, quantity })} />
      </Form.Item>
      <Form.Item label="Available" style={{ flex: '1 1 120px', marginBottom: 12 }}>
        <Typography.Text data-testid={`available-${index}`} type={available === 0 ? 'danger' : undefined}>
          {!line.product || !fromWarehouseId ? '—' : isLoading ? 'Checking…' : available === undefined ? '—' : available.toLocaleString('en-IN')}
        </Typography.Text>
        {expired > 0 && !isLoading && <Typography.Text type="secondary">{` (${expired.toLocaleString('en-IN')} expired, not sent)`}</Typography.Text>}
      </Form.Item>
      {onRemove && (
        <Form.Item label=" " style={{ marginBottom: 12 }}>
          <Button aria-label={`Remove product ${n}`} icon={<DeleteOutlined />} onClick={onRemove} />
        </Form.Item>
      )}
    </Flex>
  );
}
