import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, theme, Typography } from 'antd';
import { useT } from '../../i18n/use-t';
import type { PermissionsMatrix } from './use-permissions-matrix';

/** Save, discard and reset, kept in view at the bottom of the matrix while the admin scrolls through it. */
export function SaveBar({ matrix }: { matrix: PermissionsMatrix }) {
  const { token } = theme.useToken();
  const { t } = useT();
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
          <Tag color="warning">{t('permissions.save.unsaved')}</Tag>
        ) : (
          <Typography.Text type="secondary">{matrix.atDefaults ? t('permissions.save.atDefaults') : t('permissions.save.allSaved')}</Typography.Text>
        )}
      </div>
      <Space wrap>
        {matrix.dirty && (
          <Button icon={<UndoOutlined />} onClick={matrix.discard} disabled={matrix.saving}>
            {t('permissions.save.discard')}
          </Button>
        )}
        <Popconfirm
          title={t('permissions.save.resetQuestion')}
          description={<div style={{ maxWidth: 320 }}>{t('permissions.save.resetDescription')}</div>}
          okText={t('permissions.save.loadDefaults')}
          cancelText={t('buttons.cancel')}
          onConfirm={matrix.resetToDefaults}
          disabled={matrix.atDefaults || matrix.saving}
        >
          <Button disabled={matrix.atDefaults || matrix.saving}>{t('permissions.save.reset')}</Button>
        </Popconfirm>
        <Button type="primary" icon={<SaveOutlined />} disabled={!matrix.dirty} loading={matrix.saving} onClick={() => void matrix.save()}>
          {t('buttons.save')}
        </Button>
      </Space>
    </div>
  );
}
