import { ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { diffPolicies } from './policy-diff';
import type { AuditEntry, AuditTrailState } from './use-audit-trail';

/** A long line (a custom role's name, a long resource) wraps inside the card instead of widening the page. */
const TAG_STYLE = { marginInlineEnd: 0, whiteSpace: 'normal', overflowWrap: 'anywhere', maxWidth: '100%' } as const;

/** A reset touches dozens of boxes: show the first few, the rest on request. */
const SHOWN_CHANGES = 12;

function AuditChanges({ entry }: { entry: AuditEntry }) {
  const [all, setAll] = useState(false);
  const changes = diffPolicies(entry.before, entry.after);
  if (!changes.length) return <Typography.Text type="secondary">No change to any permission.</Typography.Text>;
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
          {all ? 'Show fewer' : `Show all ${changes.length} changes`}
        </Button>
      )}
    </Space>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const who = entry.user_name || entry.user_email || 'Unknown user';
  return (
    <List.Item>
      <List.Item.Meta
        avatar={<Avatar icon={<UserOutlined />} />}
        title={
          <Space size={8} wrap>
            <Typography.Text strong>{who}</Typography.Text>
            {entry.user_name && entry.user_email && <Typography.Text type="secondary">{entry.user_email}</Typography.Text>}
            <Typography.Text type="secondary">· {dayjs(entry.created).format('D MMM YYYY, HH:mm')}</Typography.Text>
          </Space>
        }
        description={<AuditChanges entry={entry} />}
      />
    </List.Item>
  );
}

/** Who changed the permissions, when, and what changed. */
export function AuditTrail({ audit }: { audit: AuditTrailState }) {
  return (
    <Card
      title="Recent changes"
      extra={
        <Button icon={<ReloadOutlined />} onClick={audit.refetch} loading={audit.fetching && !audit.loading}>
          Refresh
        </Button>
      }
    >
      <ListError error={audit.error ? { message: audit.error } : null} onRetry={audit.refetch} retrying={audit.fetching} style={{ marginBottom: 16 }} />
      <List<AuditEntry>
        aria-label="Recent permission changes"
        loading={audit.loading}
        dataSource={audit.entries}
        rowKey="_id"
        locale={{ emptyText: emptyTextOf({ failed: !!audit.error }, 'No permission changes yet.') }}
        renderItem={(entry) => <AuditItem entry={entry} />}
      />
    </Card>
  );
}
