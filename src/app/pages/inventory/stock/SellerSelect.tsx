import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { Seller } from '../shared/types';

type Props = Omit<SelectProps<string>, 'options' | 'value' | 'onChange'> & {
  /** The warehouse's city: only its sellers are offered. Undefined: every city's (`anyCity`). */
  cityId?: string | null;
  /** Offer the sellers of every city (a filter, a product's preferred seller). */
  anyCity?: boolean;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
};

/** A page of sellers: what the picker asks the API for at a time, opened or searched. */
export const SELLER_PAGE = 50;

export const sellerName = (s: Pick<Seller, 'firstname' | 'lastname' | 'phonenumber'>, withPhone = true) =>
  `${s.firstname} ${s.lastname}`.trim() + (withPhone && s.phonenumber ? ` (${s.phonenumber})` : '');

/**
 * A seller picker on Refine's `useSelect`: a page of GET /users/by-role/seller by name (of the warehouse's city), then
 * what the server finds for the typed text (`q`), so a list of any length is never loaded whole; the chosen seller is
 * read by id, so its name shows even when it is not on the first page.
 */
export function SellerSelect({ cityId, anyCity = false, value, onChange, disabled, placeholder, ...rest }: Props) {
  const { t } = useT();
  const enabled = anyCity || !!cityId;
  const { selectProps, query } = useSelect<Seller>({
    resource: 'sellers',
    optionLabel: (s) => sellerName(s, !anyCity),
    optionValue: '_id',
    defaultValue: value ?? undefined,
    filters: anyCity ? [] : [{ field: 'city_id', operator: 'eq', value: cityId }],
    onSearch: (text) => [{ field: 'q', operator: 'contains', value: text.trim() }],
    pagination: { mode: 'server', pageSize: SELLER_PAGE },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const shown =
    placeholder ??
    (disabled
      ? t('stock.sellers.onlyPurchases')
      : !enabled
        ? t('stock.sellers.chooseWarehouse')
        : query.isError
          ? t('stock.sellers.failed')
          : t('stock.sellers.placeholder'));
  return (
    <Select<string>
      {...rest}
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      options={(selectProps.options ?? []).map((o) => ({ label: String(o.label), value: String(o.value) }))}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next || undefined)}
      loading={query.isFetching}
      allowClear
      disabled={disabled || !enabled}
      placeholder={shown}
      notFoundContent={query.isFetching ? t('stock.sellers.loading') : anyCity ? t('stock.sellers.none') : t('stock.sellers.noneInCity')}
    />
  );
}
