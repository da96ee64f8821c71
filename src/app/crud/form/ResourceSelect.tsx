import { useSelect } from '@refinedev/antd';
import { Select, type SelectProps } from 'antd';
import { useT } from '../../i18n/use-t';

type Props = Omit<SelectProps<string>, 'options'> & {
  resource: string;
  labelField: string | readonly string[];
  valueField?: string;
  /** Only records with these values (a seller: `{ role: 'seller' }`). */
  where?: Readonly<Record<string, string>>;
  /** The labels may be texts of ours (a built-in role's): each is shown in the user's language. */
  translatedLabels?: boolean;
};

const SEARCH_PAGE = 50;

/**
 * A select of a resource's records (cities for a user's city) on Refine's `useSelect`: the first page, then
 * what the server finds for the typed text (`q`), so a long list is never loaded whole. The chosen record is
 * loaded by id, so an edit form names it even when it is not on the first page.
 */
export function ResourceSelect({ resource, labelField, valueField = 'id', where, translatedLabels, value, ...props }: Props) {
  const { t, tx } = useT();
  const { selectProps, query } = useSelect<Record<string, unknown> & { id: string }>({
    resource,
    optionLabel: (record) => {
      const label =
        [labelField]
          .flat()
          .map((field) => record[field])
          .filter((v) => v !== undefined && v !== null && v !== '')
          .join(', ') || record.id;
      return translatedLabels ? tx(label) : label;
    },
    optionValue: (record) => String(record[valueField] ?? record.id),
    // Records named by another key (roles, by name) have no by-id read: their first page holds them all.
    defaultValue: valueField === 'id' ? (value ?? undefined) : undefined,
    filters: Object.entries(where ?? {}).map(([field, v]) => ({ field, operator: 'eq' as const, value: v })),
    onSearch: (text) => [{ field: 'q', operator: 'contains', value: text.trim() }],
    pagination: { mode: 'server', pageSize: SEARCH_PAGE },
    errorNotification: false,
  });
  return (
    <Select
      {...(selectProps as SelectProps<string>)}
      value={value}
      notFoundContent={query.isError ? tx(query.error?.message ?? '') : query.isLoading ? t('common.loading') : undefined}
      {...props}
    />
  );
}
