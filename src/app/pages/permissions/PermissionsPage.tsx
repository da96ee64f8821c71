import { Alert, Button, Card, Space, Typography } from 'antd';
import { useT } from '../../i18n/use-t';
import { PageLoading } from '../../routes/PageLoading';
import { AuditTrail } from './AuditTrail';
import { PermissionMatrix } from './PermissionMatrix';
import { RolesPanel } from './RolesPanel';
import { SaveBar } from './SaveBar';
import { dependencyNoteText } from './matrix-toggle';
import { usePermissionNames } from './names';
import { useAuditTrail } from './use-audit-trail';
import { usePermissionsMatrix } from './use-permissions-matrix';

/** /permissions: who may do what (role × resource × action), and who changed it. */
export default function PermissionsPage() {
  const audit = useAuditTrail();
  const matrix = usePermissionsMatrix({ onSaved: audit.refetch });
  const { t, tx } = useT();
  const names = usePermissionNames();

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3}>{t('menu.permissions')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, maxWidth: 820 }}>
          {t('permissions.intro')}
        </Typography.Paragraph>
      </div>

      <RolesPanel
        canEdit={matrix.canEdit}
        busy={matrix.dirty || matrix.saving}
        onChanged={() => {
          matrix.reload();
          audit.refetch();
        }}
      />

      {matrix.loadError ? (
        <Alert
          type="error"
          showIcon
          message={tx(matrix.loadError)}
          action={
            <Button size="small" onClick={matrix.reload}>
              {t('permissions.tryAgain')}
            </Button>
          }
        />
      ) : !matrix.policy ? (
        <PageLoading />
      ) : (
        <Card>
          {matrix.readOnly && <Alert type="info" showIcon message={t('permissions.readOnly')} style={{ marginBottom: 16 }} />}
          {matrix.dependencyNote && (
            <Alert
              type="info"
              showIcon
              closable
              role="status"
              message={dependencyNoteText(matrix.dependencyNote, names)}
              onClose={matrix.clearDependencyNote}
              style={{ marginBottom: 16 }}
            />
          )}
          {matrix.saveError && (
            <Alert type="error" showIcon closable message={tx(matrix.saveError)} onClose={matrix.clearSaveError} style={{ marginBottom: 16 }} />
          )}
          <PermissionMatrix matrix={matrix} policy={matrix.policy} />
          {!matrix.readOnly && <SaveBar matrix={matrix} />}
        </Card>
      )}

      <AuditTrail audit={audit} />
    </Space>
  );
}
