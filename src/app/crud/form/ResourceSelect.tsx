import { useList } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';

type Props = Omit<SelectProps<string>, 'options'> & { resource: string; labelField: string; valueField?: string };

/** A select of every record of a resource (cities for a user's city), searchable by name. */
export function ResourceSelect({ resource, labelField, valueField = 'id', ...props }: Props) {
  const { result, query } = useList({ resource, pagination: { mode: 'off' }, errorNotification: false });
  const options = useMemo(
    () => result.data.map((record) => ({ value: String(record[valueField] ?? record.id), label: String(record[labelField] ?? record.id) })),
    [result.data, labelField, valueField],
  );
  return (
    <Select
      showSearch
      optionFilterProp="label"
      loading={query.isLoading}
      options={options}
      notFoundContent={query.isError ? query.error?.message : query.isLoading ? 'Loading...' : undefined}
      {...props}
    />
  );
}
