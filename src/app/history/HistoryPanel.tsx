import { Card, List, Pagination } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { emptyTextOf, ListError } from '../crud/list/ListError';
import { useT } from '../i18n/use-t';
import { HistoryEntryLine } from './HistoryEntryLine';
import { useHistoryPage, useMayReadHistory } from './use-history-page';

export const PANEL_PAGE_SIZE = 10;

type Props = {
  /** The record's resource as the history names it ('products', 'stock-takes'). */
  resource: string;
  id: string | undefined;
  /**
   * Something of the record that a step of the page's own changes (a transfer's status): when it does, the history is
   * read again. Changes made through Refine's data hooks need none: the audit log provider hears of them.
   */
  watch?: unknown;
  style?: CSSProperties;
};

/**
 * A record's History, newest first, a page at a time: each entry on one line, who and when on India's clock. Shown only
 * to a role that may read history (the matrix's `history: list`); nothing at all otherwise.
 */
export function HistoryPanel({ resource, id, watch, style }: Props) {
  const { t } = useT();
  const may = useMayReadHistory() === true;
  const [page, setPage] = useState(1);
  const history = useHistoryPage(resource, { id, page, limit: PANEL_PAGE_SIZE }, may && !!id);
  const seen = useRef(watch);
  useEffect(() => {
    if (Object.is(seen.current, watch)) return;
    seen.current = watch;
    if (may && id) history.refetch();
    // Only when the watched value moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch]);

  if (!may || !id) return null;
  return (
    <Card size="small" title={t('history.title')} role="region" aria-label={t('history.title')} style={{ marginTop: 16, ...style }}>
      <ListError error={history.error} onRetry={history.refetch} retrying={history.fetching} />
      <List
        size="small"
        loading={history.loading}
        dataSource={history.entries}
        rowKey="_id"
        locale={{ emptyText: emptyTextOf({ loading: history.loading, failed: !!history.error }, t('history.empty')) }}
        renderItem={(entry) => (
          <List.Item>
            <HistoryEntryLine entry={entry} />
          </List.Item>
        )}
      />
      {history.total > PANEL_PAGE_SIZE && (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={PANEL_PAGE_SIZE}
          total={history.total}
          disabled={history.fetching}
          onChange={setPage}
          style={{ marginTop: 8, justifyContent: 'flex-end' }}
        />
      )}
    </Card>
  );
}
