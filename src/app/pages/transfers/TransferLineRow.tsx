import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Typography } from 'antd';
import { NumberField } from '../../components/NumberField';
import type { NumberFieldValue } from '../../components/number-text';
import { useT } from '../../i18n/use-t';
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
  const { t, tx } = useT();
  const productLabel = `${t('stockTakes.fields.product')} ${n}`;
  const availableText = available?.toLocaleString('en-IN');
  const quantityLabel = `${t('transfers.fields.quantity')} ${n}`;
  return (
    <Flex gap={12} wrap align="start" data-testid={`transfer-line-${index}`}>
      <Form.Item
        label={productLabel}
        validateStatus={errors.product ? 'error' : undefined}
        help={errors.product && tx(errors.product)}
        style={{ flex: '2 1 260px', marginBottom: 12 }}
      >
        <ProductSearch
          aria-label={productLabel}
          value={line.text}
          status={errors.product ? 'error' : undefined}
          onTextChange={(text) => onChange({ ...line, text, product: undefined })}
          onPick={(product) => onChange({ ...line, text: product.productname, product })}
        />
      </Form.Item>
      <Form.Item
        label={quantityLabel}
        validateStatus={errors.quantity ? 'error' : short ? 'warning' : undefined}
        help={errors.quantity !== undefined ? tx(errors.quantity) : short ? t('transfers.form.moreThanAvailable') : undefined}
        style={{ flex: '1 1 120px', marginBottom: 12 }}
      >
        <NumberField integer aria-label={quantityLabel} value={line.quantity} onChange={(quantity) => onChange({ ...line, quantity })} />
      </Form.Item>
      <Form.Item label={t('transfers.fields.available')} style={{ flex: '1 1 120px', marginBottom: 12 }}>
        <Typography.Text data-testid={`available-${index}`} type={available === 0 ? 'danger' : undefined}>
          {!line.product || !fromWarehouseId ? '—' : isLoading ? t('transfers.form.checking') : (availableText ?? '—')}
        </Typography.Text>
        {expired > 0 && !isLoading && (
          <Typography.Text type="secondary">{` ${t('transfers.form.expiredNotSent', { n: expired.toLocaleString('en-IN') })}`}</Typography.Text>
        )}
      </Form.Item>
      {onRemove && (
        <Form.Item label=" " style={{ marginBottom: 12 }}>
          <Button aria-label={t('transfers.form.removeProduct', { n })} icon={<DeleteOutlined />} onClick={onRemove} />
        </Form.Item>
      )}
    </Flex>
  );
}
