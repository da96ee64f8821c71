import { FilterDropdown, type FilterDropdownProps, type MapValueEvent } from '@refinedev/antd';
import { Input } from 'antd';
import { useT } from '../../i18n/use-t';
import type { ResourceOptions } from '../../resources/types';
import { ResourceSelect } from '../form/ResourceSelect';

/** `label`: the column's title, in the user's language. */
type Props = Omit<FilterDropdownProps, 'children' | 'mapValue'> & { source: ResourceOptions | 'text'; label: string };

/**
 * antd keeps a filter's value as a list of keys; the select holds one id. Refine's FilterDropdown hands
 * `mapValue` the keys to show ('value') or the select's new value to store ('onChange').
 */
export const mapValue = (value: unknown, event: MapValueEvent) => {
  if (event === 'value') return (value as React.Key[] | undefined)?.[0];
  return value === undefined || value === null || value === '' ? [] : [value];
};

/** A column filter that picks one record of another resource (a warehouse's city), searched on the server, or takes typed text. */
export function ResourceFilterDropdown({ source, label, ...props }: Props) {
  const { t } = useT();
  const named = { 'aria-label': t('crud.filters.filterBy', { label }), placeholder: t('crud.filters.any', { label: label.toLowerCase() }) };
  if (source === 'text') {
    return (
      <FilterDropdown {...props} mapValue={mapValue}>
        <Input allowClear {...named} style={{ minWidth: 220 }} onPressEnter={() => props.confirm()} />
      </FilterDropdown>
    );
  }
  return (
    <FilterDropdown {...props} mapValue={mapValue}>
      <ResourceSelect
        resource={source.resource}
        labelField={source.labelField}
        valueField={source.valueField}
        translatedLabels={source.translatedLabels}
        showSearch
        allowClear
        {...named}
        style={{ minWidth: 220 }}
      />
    </FilterDropdown>
  );
}
