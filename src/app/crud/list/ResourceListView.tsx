import { Alert, Button } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiRecord, ResourceDeclaration } from '../../resources/types';
import { SearchWithSuggestions } from '../search/SearchWithSuggestions';
import { suggestionSource } from '../search/suggestion-source';
import { ExportButton } from './ExportButton';
import { FilterTags } from './FilterTags';
import { ListPagination } from './ListPagination';
import { ResourceTable } from './ResourceTable';
import { useListLocation } from './use-list-location';
import type { RecordAccess } from './use-record-access';
import { useResourceRows } from './use-resource-rows';

const ALERT_STYLE = { marginBottom: 12 };

type Props = {
  declaration: ResourceDeclaration;
  access: RecordAccess;
  onEdit?: (record: ApiRecord) => void;
  onDeleted?: (record: ApiRecord) => void;
};

/** A declared list: search with suggestions, URL filters, export, error box, table, and paging, all kept in the URL. */
export function ResourceListView({ declaration, access, onEdit, onDeleted }: Props) {
  const list = declaration.list!;
  const search = list.search;
  const singular = declaration.entity?.singular ?? 'record';
  const [location, change] = useListLocation(list.filters?.map((f) => f.param) ?? []);
  const rows = useResourceRows(declaration, location);
  const [actionError, setActionError] = useState<string | null>(null);
  const fetchSuggestions = useMemo(() => suggestionSource(declaration), [declaration]);

  // After a delete empties the last page, or from a stale link: go to the last page there is.
  const { isFetching, error, pageCount } = rows;
  useEffect(() => {
    if (!isFetching && !error && location.page > pageCount) change({ page: pageCount });
  }, [isFetching, error, location.page, pageCount, change]);

  const selectedLabel = location.selected && rows.rows[0] && search ? search.label(rows.rows[0]) : '';
  const handleDeleted = useCallback(
    (record: ApiRecord) => {
      setActionError(null);
      if (location.selected) change({ selected: null });
      onDeleted?.(record);
    },
    [location.selected, change, onDeleted],
  );

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
        {search ? (
          <SearchWithSuggestions
            placeholder={search.placeholder}
            appliedText={location.selected ? selectedLabel : location.q}
            fetchSuggestions={fetchSuggestions}
            label={search.label}
            renderOption={search.renderOption}
            emptyText={list.emptyText}
            onSearch={(q) => change({ q, selected: null })}
            onSelect={(record) => change({ selected: String(record.id), q: null })}
            onClear={() => change({ q: null, selected: null })}
          />
        ) : (
          <span />
        )}
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {list.toolbar && <list.toolbar />}
          <ExportButton resource={declaration.name} filters={rows.filters} columns={list.exportColumns ?? list.columns} fileName={declaration.entity?.plural ?? declaration.name} />
        </div>
      </div>

      {list.filters && <FilterTags filters={list.filters} values={location.filters} onRemove={(param) => change({ [param]: null })} />}

      {rows.selectedFailed && (
        <Alert type="error" showIcon role="alert" message={`Could not fetch ${singular} details.`} style={ALERT_STYLE}
          action={<Button size="small" onClick={() => change({ selected: null })}>Show all</Button>} />
      )}
      {rows.error && <Alert type="error" showIcon role="alert" message={rows.error.message} style={ALERT_STYLE} />}
      {actionError && <Alert type="error" showIcon role="alert" closable message={actionError} onClose={() => setActionError(null)} style={ALERT_STYLE} />}
      {location.selected && !rows.selectedFailed && (
        <Alert type="info" showIcon message={`Showing the chosen ${singular} only.`} style={ALERT_STYLE}
          action={<Button size="small" onClick={() => change({ selected: null })}>Show all</Button>} />
      )}

      <ResourceTable
        declaration={declaration}
        rows={rows.rows}
        loading={rows.isFetching}
        access={access}
        onEdit={onEdit}
        onDeleted={handleDeleted}
        onDeleteFailed={setActionError}
      />

      {!location.selected && (
        <ListPagination
          page={location.page}
          pageCount={rows.pageCount}
          total={rows.total}
          disabled={rows.isLoading}
          onChange={(page) => change({ page })}
        />
      )}
    </>
  );
}
