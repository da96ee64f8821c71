import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { RoleOut } from '../../../domain/schemas/role';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { ROLE_NAME_MESSAGE } from '../../../domain/schemas/role';
import { ROLE_NAME_MAX, ROLE_NAME_PATTERN } from '../../../domain/roles';

type Props = { canEdit: boolean; busy: boolean; onChanged: () => void };

/** A suggested slug for a label: 'Store auditor' → 'store-auditor'. */
const slugOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ROLE_NAME_MAX);

/** The roles: add custom ones, rename any, delete custom ones nobody holds. Each change is in the audit trail. */
export function RolesPanel({ canEdit, busy, onChanged }: Props) {
  const { query } = useCustom<{ data: RoleOut[] }>({ url: '/roles', method: 'get', errorNotification: false });
  const { mutateAsync } = useCustomMutation();
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<RoleOut | null>(null);
  const [addForm] = Form.useForm<{ label: string; name: string }>();
  const [renameForm] = Form.useForm<{ label: string }>();
  const roles = query.data?.data.data ?? [];
  const locked = !canEdit || busy;
  const lockedWhy = busy ? 'Save or discard your changes to the matrix first.' : undefined;

  async function run(change: () => Promise<unknown>) {
    setError(null);
    try {
      await change();
      await query.refetch();
      onChanged();
      return true;
    } catch (e) {
      setError((e as HttpError).message || 'The role could not be changed');
      return false;
    }
  }

  const add = async () => {
    const values = await addForm.validateFields();
    const ok = await run(() => mutateAsync({ url: '/roles', method: 'post', values, successNotification: false, errorNotification: false }));
    if (ok) {
      addForm.resetFields();
      setAdding(false);
    }
  };
  const rename = async () => {
    if (!renaming) return;
    const values = await renameForm.validateFields();
    const ok = await run(() => mutateAsync({ url: `/roles/${renaming.name}`, method: 'put', values, successNotification: false, errorNotification: false }));
    if (ok) setRenaming(null);
  };
  const remove = (role: RoleOut) =>
    run(() => mutateAsync({ url: `/roles/${role.name}`, method: 'delete', values: {}, successNotification: false, errorNotification: false }));

  return (
    <Card
      title="Roles"
      extra={
        canEdit && (
          <Tooltip title={lockedWhy}>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={locked}>
              Add role
            </Button>
          </Tooltip>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ maxWidth: 820 }}>
        A new role has no permissions and may not sign in until you allow it below. Built-in roles can be renamed, not deleted; a role that users hold cannot be
        deleted.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon closable message={error} onClose={() => setError(null)} style={{ marginBottom: 12 }} />}
      <ListError error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />
      <Table<RoleOut>
        aria-label="Roles"
        size="small"
        rowKey="name"
        loading={query.isLoading}
        locale={{ emptyText: emptyTextOf({ failed: !!query.error }, 'No roles') }}
        dataSource={roles}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'label', title: 'Role', fixed: 'left', render: (_, r) => <Typography.Text strong>{r.label}</Typography.Text> },
          { key: 'name', title: 'Name', render: (_, r) => <Typography.Text code>{r.name}</Typography.Text> },
          { key: 'kind', title: 'Kind', render: (_, r) => (r.builtin ? <Tag>Built in</Tag> : <Tag color="blue">Custom</Tag>) },
          { key: 'users', title: 'Users', align: 'right', render: (_, r) => r.users ?? '' },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: 'Actions',
                  render: (_: unknown, r: RoleOut) => (
                    <Space>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        disabled={locked}
                        aria-label={`Rename ${r.label}`}
                        onClick={() => {
                          renameForm.setFieldsValue({ label: r.label });
                          setRenaming(r);
                        }}
                      >
                        Rename
                      </Button>
                      {!r.builtin && (
                        <Popconfirm
                          title={`Delete the role ${r.label}?`}
                          okText="Delete"
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove(r)}
                          disabled={locked}
                        >
                          <Button size="small" danger icon={<DeleteOutlined />} disabled={locked} aria-label={`Delete ${r.label}`}>
                            Delete
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal title="Add role" open={adding} okText="Add role" onOk={add} onCancel={() => setAdding(false)} destroyOnHidden>
        <Form
          form={addForm}
          layout="vertical"
          preserve={false}
          onValuesChange={(changed: { label?: string }) => {
            if (changed.label !== undefined && !addForm.isFieldTouched('name')) addForm.setFieldValue('name', slugOf(changed.label));
          }}
        >
          <Form.Item name="label" label="Label" rules={[{ required: true, whitespace: true, message: 'Label is required' }, { max: 60 }]}>
            <Input autoFocus placeholder="Store auditor" maxLength={60} />
          </Form.Item>
          <Form.Item
            name="name"
            label="Name"
            extra="Lowercase letters, digits and hyphens; users and the audit trail refer to it."
            rules={[
              { required: true, message: 'Name is required' },
              { pattern: ROLE_NAME_PATTERN, message: ROLE_NAME_MESSAGE },
              { min: 2, max: ROLE_NAME_MAX, message: ROLE_NAME_MESSAGE },
            ]}
          >
            <Input placeholder="store-auditor" maxLength={ROLE_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal title={`Rename ${renaming?.label ?? ''}`} open={Boolean(renaming)} okText="Save" onOk={rename} onCancel={() => setRenaming(null)} destroyOnHidden>
        <Form form={renameForm} layout="vertical" preserve={false}>
          <Form.Item name="label" label="Label" rules={[{ required: true, whitespace: true, message: 'Label is required' }, { max: 60 }]}>
            <Input autoFocus maxLength={60} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
