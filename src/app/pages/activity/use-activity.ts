import { useSearchChange } from '../../routes/use-search-change';
import { useHistoryPage } from '../../history/use-history-page';

export const ACTIVITY_PAGE_SIZE = 20;

export type ActivityFilters = { resource: string; user_id: string; action: string; from: string; to: string };
type Param = keyof ActivityFilters | 'page';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (text: string | null) => (text && DAY.test(text) ? text : '');

/**
 * The Activity screen's filters and page, kept in the URL (a reload or a shared link shows the same entries), and that
 * page of history, newest first, through the audit log provider.
 */
export function useActivity() {
  const { params, change } = useSearchChange<Param>();
  const filters: ActivityFilters = {
    resource: params.get('resource') ?? '',
    user_id: params.get('user_id') ?? '',
    action: params.get('action') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const { resource, ...rest } = filters;
  const history = useHistoryPage(resource, { ...rest, page, limit: ACTIVITY_PAGE_SIZE }, true);
  return {
    filters,
    page,
    history,
    setFilters: (next: Partial<ActivityFilters>) => change(next),
    setPage: (next: number) => change({ page: next > 1 ? String(next) : undefined }),
  };
}
