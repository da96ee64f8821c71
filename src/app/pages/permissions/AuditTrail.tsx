import { ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { useT } from '../../i18n/use-t';
import { usePermissionNames } from './names';
import { diffPolicies } from './policy-diff';
import type { AuditEntry, AuditTrailState } from './use-audit-trail';

/** A long line (a custom role's name, a long resource) wraps inside the card instead of widening the page. */
const TAG_STYLE = { marginInlineEnd: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: '100%' } as const;

/** When a change was made ('24 Nov 2026, 14:05'; the month in the user's language, dayjs's locale). */
const WHEN_FORMAT = 'D MMM YYYY, HH:mm';

/** A reset touches dozens of boxes: show the first few, the rest on request. */
const SHOWN_CHANGES = 12;

function AuditChanges({ entry }: { entry: AuditEntry }) {
  const [all, setAll] = useState(false);
  const names = usePermissionNames();
  const { t } = names;
  const changes = diffPolicies(entry.before, entry.after, names);
  if (!changes.length) return <Typography.Text type="secondary">{t('permissions.audit.noChange')}</Typography.Text>;
  const shown = all ? changes : changes.slice(0, SHOWN_CHANGES);
  return (
    <Space size={[4, 6]} wrap>
      {shown.map((change) => (
        <Tag key={change.text} color={change.neutral ? 'blue' : change.granted ? 'green' : 'red'} style={TAG_STYLE}>
          {change.text}
        </Tag>
      ))}
      {changes.length > SHOWN_CHANGES && (
        <Button type="link" size="small" onClick={() => setAll(!all)}>
          {all ? t('permissions.audit.showFewer') : t('permissions.audit.showAll', { count: changes.length })}
        </Button>
      )}
    </Space>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t } = useT();
  const who = entry.user_name || entry.user_email || t('permissions.audit.unknownUser');
  return (
    <List.Item>
      <List.Item.Meta
        avatar={<Avatar icon={<UserOutlined />} />}
        title={
          <Space size={8} wrap>
            <Typography.Text strong>{who}</Typography.Text>
            {entry.user_name && entry.user_email && <Typography.Text type="secondary">{entry.user_email}</Typography.Text>}
            <Typography.Text type="secondary">· {dayjs(entry.created).format(WHEN_FORMAT)}</Typography.Text>
          </Space>
        }
        description={<AuditChanges entry={entry} />}
      />
    </List.Item>
  );
}

/** Who changed the permissions, when, and what changed. */
export function AuditTrail({ audit }: { audit: AuditTrailState }) {
  const { t, tx } = useT();
  return (
    <Card
      title={t('permissions.audit.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={audit.refetch} loading={audit.fetching && !audit.loading}>
          {t('buttons.refresh')}
        </Button>
      }
    >
      <ListError error={audit.error ? { message: tx(audit.error) } : null} onRetry={audit.refetch} retrying={audit.fetching} style={{ marginBottom: 16 }} />
      <List<AuditEntry>
        aria-label={t('permissions.audit.label')}
        loading={audit.loading}
        dataSource={audit.entries}
        rowKey="_id"
        locale={{ emptyText: emptyTextOf({ failed: !!audit.error }, t('permissions.audit.empty')) }}
        renderItem={(entry) => <AuditItem entry={entry} />}
      />
    </Card>
  );
}
