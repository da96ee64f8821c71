import { Alert, Button, Card, Space, Typography } from 'antd';
import { PageLoading } from '../../routes/PageLoading';
import { AuditTrail } from './AuditTrail';
import { PermissionMatrix } from './PermissionMatrix';
import { RolesPanel } from './RolesPanel';
import { SaveBar } from './SaveBar';
import { dependencyNoteText } from './matrix-toggle';
import { useAuditTrail } from './use-audit-trail';
import { usePermissionsMatrix } from './use-permissions-matrix';

/** /permissions: who may do what (role × resource × action), and who changed it. */
export default function PermissionsPage() {
  const audit = useAuditTrail();
  const matrix = usePermissionsMatrix({ onSaved: audit.refetch });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <div>
        <Typography.Title level={3}>Permissions</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0, maxWidth: 820 }}>
          Tick what each role may do. A saved change applies to the API at once and to signed-in users on their next page, without signing in again. A role that
          may not sign in has no access at all, whatever else is ticked. Ticking an action also ticks what it needs (edit needs show, show needs list);
          unticking one unticks what needs it. Where a resource belongs to warehouses, choose whether each role sees all warehouses or only the user's assigned
          ones.
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
          message={matrix.loadError}
          action={
            <Button size="small" onClick={matrix.reload}>
              Try again
            </Button>
          }
        />
      ) : !matrix.policy ? (
        <PageLoading />
      ) : (
        <Card>
          {matrix.readOnly && <Alert type="info" showIcon message="You may view the permissions but not change them." style={{ marginBottom: 16 }} />}
          {matrix.dependencyNote && (
            <Alert
              type="info"
              showIcon
              closable
              role="status"
              message={dependencyNoteText(matrix.dependencyNote)}
              onClose={matrix.clearDependencyNote}
              style={{ marginBottom: 16 }}
            />
          )}
          {matrix.saveError && <Alert type="error" showIcon closable message={matrix.saveError} onClose={matrix.clearSaveError} style={{ marginBottom: 16 }} />}
          <PermissionMatrix matrix={matrix} policy={matrix.policy} />
          {!matrix.readOnly && <SaveBar matrix={matrix} />}
        </Card>
      )}

      <AuditTrail audit={audit} />
    </Space>
  );
}
