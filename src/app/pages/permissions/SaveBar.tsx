import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, theme, Typography } from 'antd';
import type { PermissionsMatrix } from './use-permissions-matrix';

/** Save, discard and reset, kept in view at the bottom of the matrix while the admin scrolls through it. */
export function SaveBar({ matrix }: { matrix: PermissionsMatrix }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 3,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: '12px 0',
        background: token.colorBgContainer,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        marginTop: 16,
      }}
    >
      <div role="status">
        {matrix.dirty ? (
          <Tag color="warning">Unsaved changes</Tag>
        ) : (
          <Typography.Text type="secondary">{matrix.atDefaults ? 'The default permissions are in force.' : 'All changes saved.'}</Typography.Text>
        )}
      </div>
      <Space wrap>
        {matrix.dirty && (
          <Button icon={<UndoOutlined />} onClick={matrix.discard} disabled={matrix.saving}>
            Discard changes
          </Button>
        )}
        <Popconfirm
          title="Reset to defaults?"
          description={
            <div style={{ maxWidth: 320 }}>
              Loads the default permissions (only Admin and Warehouse User may sign in) into the matrix as unsaved changes. Nothing changes until you press
              Save.
            </div>
          }
          okText="Load defaults"
          cancelText="Cancel"
          onConfirm={matrix.resetToDefaults}
          disabled={matrix.atDefaults || matrix.saving}
        >
          <Button disabled={matrix.atDefaults || matrix.saving}>Reset to defaults</Button>
        </Popconfirm>
        <Button type="primary" icon={<SaveOutlined />} disabled={!matrix.dirty} loading={matrix.saving} onClick={() => void matrix.save()}>
          Save
        </Button>
      </Space>
    </div>
  );
}
