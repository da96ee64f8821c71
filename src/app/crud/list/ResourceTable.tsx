import { EditButton } from '@refinedev/antd';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { Space, Table, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, ColumnDeclaration, SpaResource } from '../../resources/types';
import { retryableLazy } from '../../routes/retryable-lazy';
import { screenPath } from '../routes';
import type { Tx } from '../texts';
import { emptyTextOf } from './ListError';
import { RowDeleteButton } from './RowDeleteButton';
import { ResourceFilterDropdown } from './ResourceFilterDropdown';
import { filterValue } from './table-filters';
import type { RecordAccess } from './use-record-access';

type Props = {
  declaration: SpaResource;
  rows: ApiRecord[];
  loading: boolean;
  /** Its request failed: the page shows why, and the table does not claim that nothing was found. */
  failed?: boolean;
  /** The list's sort and filters (Refine's table state), and how to change them. */
  sorters: CrudSort[];
  filters: CrudFilter[];
  onSort: (sorters: CrudSort[]) => void;
  onFilter: (param: string, value: string) => void;
  access: RecordAccess;
  /** Edit opens the edit route unless the page handles it itself (handling charges edit in place). */
  onEdit?: (record: ApiRecord) => void;
  onDeleted: (record: ApiRecord) => void;
  onDeleteFailed: (message: string) => void;
};

const ANY_RECORD = () => true;

// A period's filter (antd's date pickers) loads when its dropdown first opens: the list's first paint does not carry it.
const DateRangeFilterDropdown = retryableLazy(async () => ({ default: (await import('./DateRangeFilterDropdown')).DateRangeFilterDropdown }));

/**
 * A column's header filter, in antd's terms: fixed choices (one, or several where the column says so), a resource's
 * records or typed text (one value), or a period of days; its words in the user's language.
 */
function headerFilter(column: ColumnDeclaration<ApiRecord>, filters: CrudFilter[], onFilter: Props['onFilter'], tx: Tx) {
  const options = column.filter?.options;
  if (!options) return {};
  const param = column.filter?.param ?? column.key;
  if (options === 'range') {
    const [from, to] = [filterValue(filters, `${param}_from`), filterValue(filters, `${param}_to`)];
    return {
      filtered: !!(from || to),
      filterDropdown: ({ close }: FilterDropdownProps) => (
        <Suspense fallback={null}>
          <DateRangeFilterDropdown
            label={tx(column.title)}
            from={from}
            to={to}
            close={close}
            onApply={(start, end) => {
              onFilter(`${param}_from`, start);
              onFilter(`${param}_to`, end);
            }}
          />
        </Suspense>
      ),
    };
  }
  const filtered = filterValue(filters, param);
  const multiple = !!column.filter?.multiple && Array.isArray(options);
  return {
    filterMultiple: multiple,
    filteredValue: filtered ? (multiple ? filtered.split(',') : [filtered]) : null,
    ...(Array.isArray(options)
      ? { filters: options.map((o) => ({ text: tx(o.label), value: o.value })) }
      : { filterDropdown: (props: FilterDropdownProps) => <ResourceFilterDropdown {...props} source={options} label={tx(column.title)} /> }),
  };
}

/**
 * The declared columns, then Actions: the declaration's own buttons, Edit and Delete for roles that may use them (and
 * only on a record that may still change). A record with a page of its own is opened from its first cell.
 */
export function ResourceTable({ declaration, rows, loading, failed, sorters, filters, onSort, onFilter, access, onEdit, onDeleted, onDeleteFailed }: Props) {
  const { t, tx } = useT();
  const list = declaration.list!;
  const RowActions = list.rowActions;
  const singular = declaration.entity?.singular ?? 'record';
  const canEdit = access.edit && (!!onEdit || !!declaration.routes?.edit);
  const editable = list.editable ?? ANY_RECORD;

  const columns = useMemo<TableColumnsType<ApiRecord>>(() => {
    const declared: TableColumnsType<ApiRecord> = list.columns.map((column, index) => {
      const sorter = column.sort ? sorters.find((s) => s.field === column.sort) : undefined;
      const cell = (record: ApiRecord) => (column.render ? column.render(record) : (record[column.key] as ReactNode));
      const page = index === 0 && declaration.routes?.show;
      return {
        key: column.key,
        title: tx(column.title),
        width: column.width,
        align: column.align,
        render: (_: unknown, record: ApiRecord) => (page ? <Link to={screenPath(declaration, 'show', record.id)!}>{cell(record)}</Link> : cell(record)),
        ...(column.sort && { sorter: true, sortOrder: sorter ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null }),
        ...headerFilter(column, filters, onFilter, tx),
      };
    });
    if (!RowActions && !canEdit && !access.delete) return declared;
    return [
      ...declared,
      {
        key: 'actions',
        title: t('crud.list.actions'),
        render: (_: unknown, record: ApiRecord) => (
          <Space size="small">
            {RowActions && <RowActions record={record} compact={list.compactActions} />}
            {canEdit && editable(record) && (
              <Tooltip title={list.compactActions ? t('buttons.edit') : undefined}>
                <EditButton
                  size="small"
                  resource={declaration.name}
                  recordItemId={record.id}
                  hideText={list.compactActions}
                  aria-label={list.compactActions ? t('buttons.edit') : undefined}
                  accessControl={{ enabled: true, hideIfUnauthorized: true }}
                  // Handling charges edit in the form above the list instead of on an edit route.
                  onClick={onEdit ? () => onEdit(record) : undefined}
                />
              </Tooltip>
            )}
            {access.delete && editable(record) && (
              <RowDeleteButton
                resource={declaration.name}
                id={record.id!}
                singular={singular}
                confirm={list.deleteConfirm}
                errorMessage={list.deleteError}
                onDeleted={() => onDeleted(record)}
                onFailed={onDeleteFailed}
                compact={list.compactActions}
              />
            )}
          </Space>
        ),
      },
    ];
  }, [list, sorters, filters, onFilter, RowActions, canEdit, editable, access.delete, singular, declaration, onEdit, onDeleted, onDeleteFailed, t, tx]);

  // Header clicks become the table's sort and filters, named as the API names them (`sort=firstname`, `role=`).
  const onChange: TableProps<ApiRecord>['onChange'] = (_pagination, tableFilters, sorter, extra) => {
    if (extra.action === 'sort' && !Array.isArray(sorter)) {
      const column = list.columns.find((c) => c.key === sorter.columnKey);
      onSort(column?.sort && sorter.order ? [{ field: column.sort, order: sorter.order === 'ascend' ? 'asc' : 'desc' }] : []);
    }
    if (extra.action === 'filter') {
      for (const column of list.columns) {
        // A period writes its own two parameters from its dropdown.
        // Several ticked choices are one comma-separated value, as the API reads them.
        if (column.filter && column.filter.options !== 'range')
          onFilter(column.filter.param ?? column.key, (tableFilters[column.key] ?? []).map(String).join(','));
      }
    }
  };

  return (
    <Table<ApiRecord>
      rowKey={(record) => String(record.id)}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      onChange={onChange}
      locale={{ emptyText: emptyTextOf({ failed }, tx(list.emptyText)) }}
      // Cells wrap to fit; a screen too narrow even then scrolls sideways.
      scroll={{ x: 'min-content' }}
      size="middle"
    />
  );
}
