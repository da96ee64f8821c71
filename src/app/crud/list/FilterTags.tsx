import { useOne } from '@refinedev/core';
import { Space, Tag, Typography } from 'antd';
import type { QueryFilterDeclaration } from '../../resources/types';

function FilterTag({ filter, value, onRemove }: { filter: QueryFilterDeclaration; value: string; onRemove: () => void }) {
  const { result, query } = useOne({ resource: filter.resource, id: value, queryOptions: { retry: false }, errorNotification: false });
  const name = result?.[filter.nameField];
  const text = typeof name === 'string' ? name : query.isLoading ? 'Loading...' : value;
  return (
    <Tag
      color="blue"
      closable
      onClose={(event) => {
        event.preventDefault();
        onRemove();
      }}
      closeIcon={<span aria-label={`Remove ${filter.label} filter`}>×</span>}
    >
      {filter.label}: {text}
    </Tag>
  );
}

/** The query filters of the URL (`?warehouse_id=...`) as tags naming their record; closing one removes it. */
export function FilterTags({ filters, values, onRemove }: {
  filters: QueryFilterDeclaration[];
  values: Record<string, string>;
  onRemove: (param: string) => void;
}) {
  const active = filters.filter((f) => values[f.param]);
  if (!active.length) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">Filtered by</Typography.Text>
      {active.map((filter) => (
        <FilterTag key={filter.param} filter={filter} value={values[filter.param]!} onRemove={() => onRemove(filter.param)} />
      ))}
    </Space>
  );
}
