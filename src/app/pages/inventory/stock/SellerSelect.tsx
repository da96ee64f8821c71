import { useSelect } from '@refinedev/core';
import { Select } from 'antd';
import type { Seller } from '../shared/types';

type Props = {
  cityId: string | null | undefined;
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  id?: string;
  status?: 'error';
};

const sellerName = (s: Seller) => `${s.firstname} ${s.lastname}`.trim() + (s.phonenumber ? ` (${s.phonenumber})` : '');

/** The sellers of the warehouse's city: GET /users/by-role/seller?city_id=. */
export function SellerSelect({ cityId, disabled, ...rest }: Props) {
  const { options, query } = useSelect<Seller>({
    resource: 'sellers',
    optionLabel: sellerName,
    optionValue: '_id',
    pagination: { mode: 'off' },
    filters: [{ field: 'city_id', operator: 'eq', value: cityId }],
    queryOptions: { enabled: !!cityId },
    errorNotification: false,
  });
  const placeholder = disabled ? 'Only for purchases' : !cityId ? 'Choose a warehouse first' : query.isError ? 'Failed to fetch sellers' : 'Select a seller';
  return (
    <Select<string>
      {...rest}
      options={options.map((o) => ({ label: String(o.label), value: String(o.value) }))}
      loading={query.isFetching}
      showSearch
      optionFilterProp="label"
      allowClear
      disabled={disabled || !cityId}
      placeholder={placeholder}
      notFoundContent={query.isFetching ? 'Loading sellers...' : 'No sellers in this city'}
    />
  );
}
