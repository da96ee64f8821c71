import { List, Table, Typography, type TableColumnsType } from 'antd';
import type { HistoryItem } from '../../../domain/schemas/history';
import { emptyTextOf } from '../../crud/list/ListError';
import { entryText } from '../../history/entry-text';
import { EntryWhat, HistoryEntryLine } from '../../history/HistoryEntryLine';
import { useT } from '../../i18n/use-t';
import { usePhoneLayout } from '../../layout/use-phone-layout';
import { resourceTitle } from './activity-options';
import { RecordLink } from './RecordLink';

type Props = { entries: HistoryItem[]; loading: boolean; failed: boolean };

/** A resource as the matrix names it, in the user's language. */
function ResourceTitle({ resource }: { resource: string }) {
  const { tx } = useT();
  return <>{tx(resourceTitle(resource))}</>;
}

/** Which record: its resource, and a link to its page where it has one. */
function Record({ entry }: { entry: HistoryItem }) {
  return (
    <>
      <div>
        <ResourceTitle resource={entry.resource} />
      </div>
      <RecordLink entry={entry} />
    </>
  );
}

/**
 * Entries newest first: a table on a desktop (when, who, which record, what changed); on a phone a card per entry
 * (the record above its line), so nothing scrolls sideways.
 */
export function ActivityList({ entries, loading, failed }: Props) {
  const phone = usePhoneLayout();
  const { t } = useT();
  const emptyText = emptyTextOf({ loading, failed }, t('activity.empty'));
  const columns: TableColumnsType<HistoryItem> = [
    { key: 'at', title: t('activity.columns.when'), width: 170, render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{entryText(e).when}</span> },
    { key: 'who', title: t('users.entity'), width: 180, render: (_, e) => entryText(e).who },
    { key: 'record', title: t('activity.columns.record'), width: 200, render: (_, e) => <Record entry={e} /> },
    { key: 'what', title: t('activity.columns.change'), render: (_, e) => <EntryWhat entry={e} /> },
  ];
  if (phone) {
    return (
      <List<HistoryItem>
        aria-label={t('menu.activity')}
        loading={loading}
        dataSource={entries}
        rowKey="_id"
        locale={{ emptyText }}
        renderItem={(entry) => (
          <List.Item data-testid="activity-entry">
            <div style={{ width: '100%', minWidth: 0 }}>
              <Typography.Text strong>
                <ResourceTitle resource={entry.resource} />
              </Typography.Text>{' '}
              <RecordLink entry={entry} />
              <HistoryEntryLine entry={entry} />
            </div>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<HistoryItem>
      aria-label={t('menu.activity')}
      columns={columns}
      dataSource={entries}
      rowKey="_id"
      loading={loading}
      pagination={false}
      size="middle"
      onRow={() => ({ 'data-testid': 'activity-entry' }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText }}
    />
  );
}
