import { useOne } from '@refinedev/core';
import { Alert, Button } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '../../../domain/constants';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, SpaResource } from '../../resources/types';
import { entityText } from '../texts';
import { SearchWithSuggestions } from '../search/SearchWithSuggestions';
import { suggestionSource } from '../search/suggestion-source';
import { ExportButton } from './ExportButton';
import { FilterTags } from './FilterTags';
import { ListError } from './ListError';
import { ListPagination } from './ListPagination';
import { ResourceTable } from './ResourceTable';
import type { RecordAccess } from './use-record-access';
import { filterValue, useSetTableFilter } from './table-filters';
import { useUrlTable } from './use-url-table';

const ALERT_STYLE = { marginBottom: 12 };

/** A record chosen among the suggestions: the list shows it alone (`?selected=<id>`). */
const SELECTED = 'selected';

type Props = {
  declaration: SpaResource;
  access: RecordAccess;
  onEdit?: (record: ApiRecord) => void;
  onDeleted?: (record: ApiRecord) => void;
};

/**
 * A declared list on Refine's `useTable`: page, sort, search and filters are its state, kept in the URL in
 * SPEC.md's plain parameters (`?page=2&q=milk&warehouse_id=…`, see providers/router-provider.ts).
 */
export function ResourceListView({ declaration, access, onEdit, onDeleted }: Props) {
  const { t, tx } = useT();
  const list = declaration.list!;
  const search = list.search;
  const singular = entityText(tx, declaration.entity?.singular ?? 'record');
  const pageSize = list.pageSize ?? PAGE_SIZE;
  const chosenInUrl = useSearchParams()[0].has(SELECTED);
  const table = useUrlTable<ApiRecord>({
    resource: declaration.name,
    pagination: { pageSize },
    errorNotification: false,
    // While one record is chosen the page is not needed (the URL says so a render before the table state does).
    queryOptions: { enabled: !chosenInUrl },
  });
  const { filters, currentPage, setCurrentPage, tableQuery, result } = table;
  const selected = filterValue(filters, SELECTED);
  const q = filterValue(filters, 'q');
  const listFilters = useMemo(() => filters.filter((f) => !('field' in f) || f.field !== SELECTED), [filters]);
  const one = useOne<ApiRecord>({
    resource: declaration.name,
    id: selected,
    queryOptions: { enabled: !!selected, retry: false },
    errorNotification: false,
  });
  const [actionError, setActionError] = useState<string | null>(null);
  const fetchSuggestions = useMemo(() => suggestionSource(declaration), [declaration]);

  const total = result.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // After a delete empties the last page, or from a stale link: go to the last page there is.
  useEffect(() => {
    if (!selected && !tableQuery.isFetching && !tableQuery.error && currentPage > pageCount) setCurrentPage(pageCount);
  }, [selected, tableQuery.isFetching, tableQuery.error, currentPage, pageCount, setCurrentPage]);

  const setFilter = useSetTableFilter(table);
  const showAll = () => setFilter(SELECTED, '');

  const selectedFailed = !!selected && one.query.isError;
  const rows = selected ? (one.result && !selectedFailed ? [one.result] : []) : result.data;
  const selectedLabel = selected && rows[0] && search ? search.label(rows[0]) : '';
  const handleDeleted = useCallback(
    (record: ApiRecord) => {
      setActionError(null);
      if (selected) setFilter(SELECTED, '');
      onDeleted?.(record);
    },
    [selected, setFilter, onDeleted],
  );

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        {search ? (
          <SearchWithSuggestions
            placeholder={tx(search.placeholder)}
            appliedText={selected ? selectedLabel : q}
            fetchSuggestions={fetchSuggestions}
            label={search.label}
            renderOption={search.renderOption}
            emptyText={tx(list.emptyText)}
            onSearch={(text) => setFilter('q', text, [SELECTED])}
            onSelect={(record) => setFilter(SELECTED, String(record.id), ['q'])}
            onClear={() => setFilter('q', '', [SELECTED])}
          />
        ) : (
          <span />
        )}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {list.toolbar && <list.toolbar />}
          <ExportButton
            path={declaration.api?.path ?? declaration.name}
            filters={listFilters}
            sorters={table.sorters}
            fileName={declaration.entity?.plural ?? declaration.name}
          />
        </div>
      </div>

      {list.filters && (
        <FilterTags
          filters={list.filters}
          values={Object.fromEntries(list.filters.map((f) => [f.param, filterValue(filters, f.param)]))}
          onRemove={(param) => setFilter(param, '')}
        />
      )}

      {selectedFailed && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('crud.list.chosenFailed', { entity: singular })}
          style={ALERT_STYLE}
          action={
            <Button size="small" onClick={showAll}>
              {t('crud.list.showAll')}
            </Button>
          }
        />
      )}
      {!selected && <ListError error={tableQuery.error} onRetry={() => tableQuery.refetch()} retrying={tableQuery.isFetching} />}
      {actionError && <Alert type="error" showIcon role="alert" closable message={tx(actionError)} onClose={() => setActionError(null)} style={ALERT_STYLE} />}
      {selected && !selectedFailed && (
        <Alert
          type="info"
          showIcon
          message={t('crud.list.chosenOnly', { entity: singular })}
          style={ALERT_STYLE}
          action={
            <Button size="small" onClick={showAll}>
              {t('crud.list.showAll')}
            </Button>
          }
        />
      )}

      <ResourceTable
        declaration={declaration}
        rows={rows}
        loading={selected ? one.query.isFetching : tableQuery.isFetching}
        failed={selected ? selectedFailed : !!tableQuery.error}
        sorters={table.sorters}
        filters={filters}
        onSort={(sorters) => {
          table.setSorters(sorters);
          setCurrentPage(1);
        }}
        onFilter={(param, value) => setFilter(param, value)}
        access={access}
        onEdit={onEdit}
        onDeleted={handleDeleted}
        onDeleteFailed={setActionError}
      />

      {!selected && <ListPagination page={currentPage} pageCount={pageCount} total={total} disabled={tableQuery.isLoading} onChange={setCurrentPage} />}
    </>
  );
}
