import { useOne } from '@refinedev/core';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useT } from '../../i18n/use-t';
import type { QueryFilterDeclaration } from '../../resources/types';

function FilterTag({ filter, value, onRemove }: { filter: QueryFilterDeclaration; value: string; onRemove: () => void }) {
  const { t, tx } = useT();
  const label = tx(filter.label);
  const { result, query } = useOne({ resource: filter.resource, id: value, queryOptions: { retry: false }, errorNotification: false });
  const name = result?.[filter.nameField];
  const text = typeof name === 'string' ? name : query.isLoading ? t('common.loading') : value;
  return (
    <Tag color="blue" style={{ paddingInlineEnd: 0 }}>
      {label}: {text}
      {/* A real button, so the filter can be removed from the keyboard too. */}
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('crud.filters.remove', { label })} onClick={onRemove} style={{ height: 20 }} />
    </Tag>
  );
}

/** The query filters of the URL (`?warehouse_id=...`) as tags naming their record; closing one removes it. */
export function FilterTags({
  filters,
  values,
  onRemove,
}: {
  filters: QueryFilterDeclaration[];
  values: Record<string, string>;
  onRemove: (param: string) => void;
}) {
  const { t } = useT();
  const active = filters.filter((f) => values[f.param]);
  if (!active.length) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">{t('crud.filters.filteredBy')}</Typography.Text>
      {active.map((filter) => (
        <FilterTag key={filter.param} filter={filter} value={values[filter.param]!} onRemove={() => onRemove(filter.param)} />
      ))}
    </Space>
  );
}
