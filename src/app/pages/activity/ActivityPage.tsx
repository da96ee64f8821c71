import { Card } from 'antd';
import { ListError } from '../../crud/list/ListError';
import { ListPagination } from '../../crud/list/ListPagination';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { ActivityFilters } from './ActivityFilters';
import { ActivityList } from './ActivityList';
import { ACTIVITY_PAGE_SIZE, useActivity } from './use-activity';

/**
 * `/activity` (issue 32): everything anyone changed, newest first, as the API recorded it in each change's own
 * transaction; filtered by resource, user, action and business days, each entry linking to its record's page.
 */
export default function ActivityPage() {
  const { t } = useT();
  const { filters, page, history, setFilters, setPage } = useActivity();
  const pageCount = Math.max(1, Math.ceil(history.total / ACTIVITY_PAGE_SIZE));
  return (
    <>
      <PageHeader title={t('menu.activity')} subTitle={t('activity.subtitle')} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <ActivityFilters filters={filters} onChange={setFilters} />
      </Card>
      <Card size="small">
        <ListError error={history.error} onRetry={history.refetch} retrying={history.fetching} />
        <ActivityList entries={history.entries} loading={history.fetching} failed={!!history.error} />
        <ListPagination page={page} pageCount={pageCount} total={history.total} atLeast={history.capped} disabled={history.loading} onChange={setPage} />
      </Card>
    </>
  );
}
