import { EditButton, List, getDefaultSortOrder, useTable } from '@refinedev/antd';
import type { CrudFilter, HttpError } from '@refinedev/core';
import { Alert, Input, Space, Table } from 'antd';
import type { ReactNode } from 'react';
import { PAGE_SIZE } from '../../../domain/constants';
import type { ResourceSpec } from '../../../domain/resource';
import { sortFields } from '../../../domain/resource';
import type { ApiRecord, ResourceDeclaration } from '../../resources/types';
import { RowDeleteButton } from '../list/RowDeleteButton';
import { useTableFollowsUrl } from '../list/use-table-follows-url';
import { pageTitle } from './page-title';

type Props = { declaration: ResourceDeclaration; spec: ResourceSpec };

const searchOf = (filters: CrudFilter[]) => {
  const q = filters.find((f) => 'field' in f && f.field === 'q');
  return typeof q?.value === 'string' ? q.value : undefined;
};

/**
 * The list screen of a declared resource, on Refine's own blocks: `useTable` keeps page, sort and search in
 * the URL; `List` gives the heading and the create button; `EditButton`/`DeleteButton` ask the policy.
 */
export function DeclaredListPage({ declaration, spec }: Props) {
  const list = declaration.list!;
  const sortable = new Set(sortFields(spec));
  const table = useTable<ApiRecord, HttpError>({
    resource: declaration.name,
    syncWithLocation: true,
    pagination: { pageSize: PAGE_SIZE },
    errorNotification: false,
  });
  useTableFollowsUrl(table);
  const { tableProps, tableQuery, filters, setFilters, sorters, setCurrentPage } = table;
  const singular = declaration.entity?.singular ?? 'record';

  return (
    <List title={pageTitle(list.title)} createButtonProps={{ children: list.createLabel, accessControl: { enabled: true, hideIfUnauthorized: true } }}>
      {list.search && (
        <Input.Search
          allowClear
          defaultValue={searchOf(filters)}
          placeholder={list.search.placeholder}
          aria-label={list.search.placeholder}
          onSearch={(value) => {
            setFilters([{ field: 'q', operator: 'contains', value: value.trim() }], 'replace');
            setCurrentPage(1);
          }}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
      )}
      {tableQuery.error && <Alert type="error" showIcon role="alert" message={tableQuery.error.message} style={{ marginBottom: 16 }} />}
      <Table<ApiRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: tableQuery.isLoading ? ' ' : list.emptyText }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false, showTotal: (total, [from, to]) => `${from}-${to} of ${total} records` }}
      >
        {list.columns.map((column) => (
          <Table.Column<ApiRecord>
            key={column.key}
            dataIndex={column.key}
            title={column.title}
            align={column.align}
            sorter={sortable.has(column.key)}
            sortOrder={getDefaultSortOrder(column.key, sorters)}
            render={(_, record) => (column.render ? column.render(record) : (record[column.key] as ReactNode))}
          />
        ))}
        <Table.Column<ApiRecord>
          key="actions"
          title="Actions"
          render={(_, record) => (
            <Space size="small">
              <EditButton size="small" recordItemId={record.id} accessControl={{ enabled: true, hideIfUnauthorized: true }} />
              <RowDeleteButton resource={declaration.name} id={record.id!} singular={singular} confirm={list.deleteConfirm} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
