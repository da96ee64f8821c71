import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';
import { useT } from '../../i18n/use-t';

type User = { id: string; firstname?: string; lastname?: string; email?: string };

type Props = { id?: string; value: string; onChange: (userId: string | undefined) => void };

const nameOf = (u: User) => [u.firstname, u.lastname].filter(Boolean).join(' ') || u.email || u.id;

/**
 * A user picked by name from GET /api/users (Refine's `useSelect`): the first page, then what the server finds for the
 * typed text; the chosen user read by id, so a link with `user_id` names them.
 */
export function UserPicker({ id, value, onChange }: Props) {
  const { t, tx } = useT();
  const { selectProps, query } = useSelect<User>({
    resource: 'users',
    optionLabel: nameOf,
    optionValue: (u) => String(u.id),
    defaultValue: value || undefined,
    onSearch: (text) => [{ field: 'q', operator: 'contains', value: text.trim() }],
    pagination: { mode: 'server', pageSize: 50 },
    errorNotification: false,
  });
  return (
    <Select<string>
      {...(selectProps as SelectProps<string>)}
      id={id}
      value={value || undefined}
      onChange={(next) => onChange(next || undefined)}
      allowClear
      placeholder={t('activity.filters.anyUser')}
      notFoundContent={query.isError ? tx(query.error?.message ?? '') : query.isLoading ? t('activity.filters.loading') : t('users.list.emptyText')}
      style={{ width: '100%' }}
    />
  );
}
