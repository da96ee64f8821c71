import { useTable } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, RelatedDeclaration, SpaResource } from '../../resources/types';
import { screenPath } from '../routes';
import { ListError, emptyTextOf } from '../list/ListError';

const PAGE = 5;

/** A related list's empty text when its resource declares none (English: the table says it in the user's language). */
const NONE_YET = 'None yet';

type Props = { relation: RelatedDeclaration; declaration: SpaResource; id: string };

/**
 * Another resource's records pointing at this one (a supplier's orders), from that resource's own list filtered
 * `?<field>=<id>`, a page at a time, in its own columns less the one naming this record; each opens its page.
 */
function RelatedTable({ relation, declaration, id }: Props) {
  const { tx } = useT();
  const { tableProps, tableQuery } = useTable<ApiRecord>({
    resource: relation.resource,
    syncWithLocation: false,
    filters: { permanent: [{ field: relation.field, operator: 'eq', value: id }] },
    pagination: { pageSize: PAGE },
    errorNotification: false,
  });
  const columns = (declaration.list?.columns ?? []).filter((c) => c.key !== relation.field);
  const page = declaration.routes?.show ? 'show' : declaration.routes?.edit ? 'edit' : null;
  return (
    <>
      <ListError error={tableQuery.error} onRetry={() => tableQuery.refetch()} retrying={tableQuery.isFetching} />
      <Table<ApiRecord>
        {...tableProps}
        aria-label={tx(relation.title)}
        rowKey={(row) => String(row.id)}
        size="small"
        scroll={{ x: 'max-content' }}
        // Refine's page links name this list's state as the page's own URL: plain buttons instead, the page's URL is the record's.
        pagination={{ ...tableProps.pagination, itemRender: (_page, _type, element) => element, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: emptyTextOf({ failed: !!tableQuery.error }, declaration.list?.emptyText ?? NONE_YET) }}
        columns={columns.map((column, index) => ({
          key: column.key,
          title: tx(column.title),
          align: column.align,
          render: (_: unknown, row: ApiRecord) => {
            const cell = column.render ? column.render(row) : (row[column.key] as ReactNode);
            return index === 0 && page ? <Link to={screenPath(declaration, page, row.id)!}>{cell}</Link> : cell;
          },
        }))}
      />
    </>
  );
}

/** A related list's card, for a role that may list that resource. */
export function RelatedList(props: Props) {
  const { tx } = useT();
  const { data: access } = useCan({ resource: props.relation.resource, action: 'list' });
  if (!access?.can) return null;
  return (
    <Card size="small" title={tx(props.relation.title)} style={{ marginTop: 16 }}>
      <RelatedTable {...props} />
    </Card>
  );
}
