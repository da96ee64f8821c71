import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { RoleOut } from '../../../domain/schemas/role';
import { emptyTextOf, ListError } from '../../crud/list/ListError';
import { useT } from '../../i18n/use-t';
import { ROLE_NAME_MESSAGE } from '../../../domain/schemas/role';
import { ROLE_NAME_MAX, ROLE_NAME_PATTERN } from '../../../domain/roles';

type Props = { canEdit: boolean; busy: boolean; onChanged: () => void };

/**
 * An example label, as an admin would type it (and the name below is made from it): data, the same in every language; a
 * key for it would also translate a custom role an admin really named so.
 */
const LABEL_EXAMPLE = 'Store auditor';
const NAME_EXAMPLE = 'store-auditor';

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
  const { t, tx } = useT();
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<RoleOut | null>(null);
  const [addForm] = Form.useForm<{ label: string; name: string }>();
  const [renameForm] = Form.useForm<{ label: string }>();
  const roles = query.data?.data.data ?? [];
  const locked = !canEdit || busy;
  const labelRequired = t('api.required', { field: t('permissions.roles.label') });
  const lockedWhy = busy ? t('permissions.roles.saveFirst') : undefined;

  async function run(change: () => Promise<unknown>) {
    setError(null);
    try {
      await change();
      await query.refetch();
      onChanged();
      return true;
    } catch (e) {
      setError((e as HttpError).message || t('permissions.roles.failed'));
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
      title={t('permissions.roles.title')}
      extra={
        canEdit && (
          <Tooltip title={lockedWhy}>
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={locked}>
              {t('permissions.roles.add')}
            </Button>
          </Tooltip>
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ maxWidth: 820 }}>
        {t('permissions.roles.intro')}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon closable message={tx(error)} onClose={() => setError(null)} style={{ marginBottom: 12 }} />}
      <ListError error={query.error && { message: tx(query.error.message) }} onRetry={() => query.refetch()} retrying={query.isFetching} />
      <Table<RoleOut>
        aria-label={t('permissions.roles.title')}
        size="small"
        rowKey="name"
        loading={query.isLoading}
        locale={{ emptyText: emptyTextOf({ failed: !!query.error }, t('permissions.roles.empty')) }}
        dataSource={roles}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'label', title: t('permissions.roles.role'), fixed: 'left', render: (_, r) => <Typography.Text strong>{tx(r.label)}</Typography.Text> },
          { key: 'name', title: t('permissions.roles.name'), render: (_, r) => <Typography.Text code>{r.name}</Typography.Text> },
          {
            key: 'kind',
            title: t('permissions.roles.kind'),
            render: (_, r) => (r.builtin ? <Tag>{t('permissions.roles.builtIn')}</Tag> : <Tag color="blue">{t('permissions.roles.custom')}</Tag>),
          },
          { key: 'users', title: t('permissions.roles.users'), align: 'right', render: (_, r) => r.users ?? '' },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('permissions.roles.actions'),
                  render: (_: unknown, r: RoleOut) => (
                    <Space>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        disabled={locked}
                        aria-label={t('permissions.roles.renameOf', { label: tx(r.label) })}
                        onClick={() => {
                          renameForm.setFieldsValue({ label: r.label });
                          setRenaming(r);
                        }}
                      >
                        {t('permissions.roles.rename')}
                      </Button>
                      {!r.builtin && (
                        <Popconfirm
                          title={t('permissions.roles.deleteQuestion', { label: tx(r.label) })}
                          okText={t('buttons.delete')}
                          cancelText={t('buttons.cancel')}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => remove(r)}
                          disabled={locked}
                        >
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            disabled={locked}
                            aria-label={t('permissions.roles.deleteOf', { label: tx(r.label) })}
                          >
                            {t('buttons.delete')}
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
      <Modal
        title={t('permissions.roles.add')}
        open={adding}
        okText={t('permissions.roles.add')}
        cancelText={t('buttons.cancel')}
        onOk={add}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form
          form={addForm}
          layout="vertical"
          preserve={false}
          onValuesChange={(changed: { label?: string }) => {
            if (changed.label !== undefined && !addForm.isFieldTouched('name')) addForm.setFieldValue('name', slugOf(changed.label));
          }}
        >
          <Form.Item name="label" label={t('permissions.roles.label')} rules={[{ required: true, whitespace: true, message: labelRequired }, { max: 60 }]}>
            <Input autoFocus placeholder={LABEL_EXAMPLE} maxLength={60} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('permissions.roles.name')}
            extra={t('permissions.roles.nameHelp')}
            rules={[
              { required: true, message: t('api.required', { field: t('permissions.roles.name') }) },
              { pattern: ROLE_NAME_PATTERN, message: tx(ROLE_NAME_MESSAGE) },
              { min: 2, max: ROLE_NAME_MAX, message: tx(ROLE_NAME_MESSAGE) },
            ]}
          >
            <Input placeholder={NAME_EXAMPLE} maxLength={ROLE_NAME_MAX} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={t('permissions.roles.renameOf', { label: tx(renaming?.label ?? '') })}
        open={Boolean(renaming)}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        onOk={rename}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Form form={renameForm} layout="vertical" preserve={false}>
          <Form.Item name="label" label={t('permissions.roles.label')} rules={[{ required: true, whitespace: true, message: labelRequired }, { max: 60 }]}>
            <Input autoFocus maxLength={60} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
