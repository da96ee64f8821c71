import { LockOutlined } from '@ant-design/icons';
import { Space, Table, theme, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import type { Policy, ScopedResource } from '../../../domain/policy';
import { ScopeSwitch } from './ScopeSwitch';
import { defaultRoleLabel, type Role } from '../../../domain/roles';
import { ADMIN_LOCKED_MESSAGE } from '../../../domain/schemas/permissions';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './labels';
import { isGranted, LOCKED_ROLE } from './matrix-model';
import { matrixRows, type MatrixRow } from './matrix-rows';
import { MatrixCell } from './MatrixCell';
import { actionName } from './names';
import type { PermissionsMatrix } from './use-permissions-matrix';

/** Height of the sticky app header: the matrix's role headings stick just below it. */
const APP_HEADER_HEIGHT = 64;

function RowLabel({ row }: { row: MatrixRow }) {
  const { t, tx } = useT();
  if (row.kind === 'sign-in') return <Typography.Text strong>{t('permissions.matrix.maySignIn')}</Typography.Text>;
  if (row.kind === 'action') return <Typography.Text style={{ paddingInlineStart: 20 }}>{actionName(row.action, t)}</Typography.Text>;
  const { label, hint } = resourceLabel(row.resource);
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{tx(label)}</Typography.Text>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {tx(hint)}
        </Typography.Text>
      )}
    </Space>
  );
}

function RoleHeading({ role, label }: { role: Role; label: string }) {
  const { tx } = useT();
  const heading = (
    <Space direction="vertical" size={0} align="center">
      <Typography.Text strong>
        {role === LOCKED_ROLE && <LockOutlined style={{ marginInlineEnd: 4 }} />}
        {tx(label)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {role}
      </Typography.Text>
    </Space>
  );
  return role === LOCKED_ROLE ? <Tooltip title={tx(ADMIN_LOCKED_MESSAGE)}>{heading}</Tooltip> : heading;
}

function cellState(policy: Policy, role: Role, row: MatrixRow): { checked: boolean; indeterminate?: boolean } {
  if (row.kind === 'sign-in') return { checked: Boolean(policy.signIn[role]) };
  if (row.kind === 'action') return { checked: isGranted(policy, role, row.resource, row.action) };
  const granted = row.actions.filter((action) => isGranted(policy, role, row.resource, action)).length;
  return { checked: granted === row.actions.length, indeterminate: granted > 0 && granted < row.actions.length };
}

/** Roles as columns; the sign-in switch first, then each resource's heading and one row per action. */
export function PermissionMatrix({ matrix, policy }: { matrix: PermissionsMatrix; policy: Policy }) {
  const { token } = theme.useToken();
  const { t } = useT();
  const rows = useMemo(() => matrixRows(matrix.resources ?? {}), [matrix.resources]);
  const disabled = !matrix.canEdit || matrix.saving;

  const shade = (row: MatrixRow) =>
    row.kind === 'action' ? {} : { style: { background: row.kind === 'sign-in' ? token.colorPrimaryBg : token.colorFillAlter } };

  const columns: TableColumnsType<MatrixRow> = [
    { key: 'permission', title: t('permissions.matrix.resourceAction'), fixed: 'left', width: 230, onCell: shade, render: (_, row) => <RowLabel row={row} /> },
    ...matrix.roles.map((role) => ({
      key: role,
      title: <RoleHeading role={role} label={matrix.labels[role] ?? defaultRoleLabel(role)} />,
      align: 'center' as const,
      width: 108,
      onCell: shade,
      render: (_: unknown, row: MatrixRow) => {
        const cell = (
          <MatrixCell role={role} row={row} {...cellState(policy, role, row)} locked={role === LOCKED_ROLE} disabled={disabled} onToggle={matrix.toggle} />
        );
        if (row.kind !== 'resource' || role === LOCKED_ROLE || !(matrix.scoped as string[]).includes(row.resource)) return cell;
        const resource = row.resource as ScopedResource;
        return (
          <Space direction="vertical" size={4} align="center">
            {cell}
            <ScopeSwitch role={role} resource={resource} value={policy.scope[role]?.[resource] ?? 'all'} disabled={disabled} onChange={matrix.setScope} />
          </Space>
        );
      },
    })),
  ];

  return (
    <Table<MatrixRow>
      aria-label={t('permissions.matrix.label')}
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={rows}
      pagination={false}
      sticky={{ offsetHeader: APP_HEADER_HEIGHT }}
      scroll={{ x: 'max-content' }}
    />
  );
}
