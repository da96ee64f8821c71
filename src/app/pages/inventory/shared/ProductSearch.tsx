import { LoadingOutlined, SearchOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { AutoComplete, Avatar, Flex, Input, Typography } from 'antd';
import { formatINR } from '../../../../domain/money';
import { useT } from '../../../i18n/use-t';
import type { ProductSuggestion } from './types';
import { useProductSuggestions } from './use-product-suggestions';
import { useBarcodePick } from './use-barcode-pick';

type Props = {
  /** The text in the box. */
  value: string;
  /** Typing: the text changes and whatever was chosen before is no longer chosen. */
  onTextChange: (text: string) => void;
  onPick: (product: ProductSuggestion) => void;
  placeholder?: string;
  id?: string;
  status?: 'error';
  autoFocus?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
};

/**
 * Product search with suggestions (image, name, price), its own loading, error and empty text (SPEC.md section 8). A
 * role without 'product-search: list' gets a plain text box: no suggestion it would be refused.
 */
export function ProductSearch({ value, onTextChange, onPick, placeholder: givenPlaceholder, 'aria-label': givenLabel, ...rest }: Props) {
  const { t, tx } = useT();
  const placeholder = givenPlaceholder ?? t('inventory.productSearch.placeholder');
  const ariaLabel = givenLabel ?? t('inventory.fields.product');
  const allowed = useCan({ resource: 'product-search', action: 'list' }).data?.can;
  const { suggestions, searching, error } = useProductSuggestions(value, allowed === true);
  const pickByBarcode = useBarcodePick();
  // A scanner's Enter: the product with exactly that barcode is picked, whatever the suggestions show yet.
  const scanned = (text: string) => {
    void pickByBarcode(text)
      .then((product) => product && onPick(product))
      .catch(() => undefined);
  };
  const byId = new Map(suggestions.map((p) => [p._id, p]));
  const options = suggestions.map((p) => ({
    value: p._id,
    label: (
      <Flex align="center" gap={8}>
        <Avatar shape="square" size={28} src={p.main_image?.[0]} icon={<ShoppingOutlined />} alt="" />
        <Typography.Text ellipsis style={{ flex: 1 }}>
          {p.productname}
        </Typography.Text>
        {p.sku && <Typography.Text type="secondary">{p.sku}</Typography.Text>}
        <Typography.Text type="secondary">{formatINR(p.price)}</Typography.Text>
      </Flex>
    ),
  }));
  const notFound = !value.trim() ? null : searching ? t('inventory.productSearch.searching') : error ? tx(error.message) : t('inventory.productSearch.none');

  if (allowed === false) {
    return (
      <Input
        type="text"
        value={value}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder={placeholder}
        prefix={<SearchOutlined />}
        allowClear
        aria-label={ariaLabel}
        {...rest}
      />
    );
  }

  return (
    <AutoComplete
      value={value}
      options={options}
      // Choosing fires onChange with the option's id first: that is a pick, not typing.
      onChange={(next: string) => {
        if (!byId.has(next)) onTextChange(next);
      }}
      onSelect={(id: string) => {
        const product = byId.get(id);
        if (product) onPick(product);
      }}
      notFoundContent={notFound}
      popupMatchSelectWidth
      style={{ width: '100%' }}
      {...rest}
    >
      <Input
        // Not the select's default type="search": Chromium empties a search box on Escape, which should only close the suggestions.
        type="text"
        placeholder={placeholder}
        prefix={searching ? <LoadingOutlined /> : <SearchOutlined />}
        allowClear
        aria-label={ariaLabel}
        onPressEnter={() => scanned(value)}
      />
    </AutoComplete>
  );
}
