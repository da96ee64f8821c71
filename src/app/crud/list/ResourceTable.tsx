import { EditOutlined } from '@ant-design/icons';
import { Space, Table, type TableColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ApiRecord, ResourceDeclaration } from '../../resources/types';
import { screenPath } from '../routes';
import { ActionButton } from './ActionButton';
import { DeleteRecordButton } from './DeleteRecordButton';
import type { RecordAccess } from './use-record-access';

type Props = {
  declaration: ResourceDeclaration;
  rows: ApiRecord[];
  loading: boolean;
  access: RecordAccess;
  /** Edit opens the edit route unless the page handles it itself (handling charges edit in place). */
  onEdit?: (record: ApiRecord) => void;
  onDeleted: (record: ApiRecord) => void;
  onDeleteFailed: (message: string) => void;
};

/** The declared columns, then Actions: the declaration's own buttons, Edit and Delete for roles that may use them. */
export function ResourceTable({ declaration, rows, loading, access, onEdit, onDeleted, onDeleteFailed }: Props) {
  const navigate = useNavigate();
  const list = declaration.list!;
  const RowActions = list.rowActions;
  const confirm = list.deleteConfirm ?? `Are you sure you want to delete this ${declaration.entity?.singular ?? 'record'}?`;
  const canEdit = access.edit && (!!onEdit || !!declaration.routes?.edit);

  const columns = useMemo<TableColumnsType<ApiRecord>>(() => {
    const declared: TableColumnsType<ApiRecord> = list.columns.map((column) => ({
      key: column.key,
      title: column.title,
      width: column.width,
      align: column.align,
      render: (_: unknown, record: ApiRecord) => (column.render ? column.render(record) : (record[column.key] as ReactNode)),
    }));
    if (!RowActions && !canEdit && !access.delete) return declared;
    return [
      ...declared,
      {
        key: 'actions',
        title: 'Actions',
        render: (_: unknown, record: ApiRecord) => (
          <Space size="small">
            {RowActions && <RowActions record={record} compact={list.compactActions} />}
            {canEdit && (
              <ActionButton
                icon={<EditOutlined />}
                label="Edit"
                compact={list.compactActions}
                onClick={() => (onEdit ? onEdit(record) : navigate(screenPath(declaration, 'edit', record.id!)!))}
              />
            )}
            {access.delete && (
              <DeleteRecordButton
                resource={declaration.name}
                id={record.id!}
                confirm={confirm}
                errorMessage={list.deleteError}
                onDeleted={() => onDeleted(record)}
                onFailed={onDeleteFailed}
                compact={list.compactActions}
              />
            )}
          </Space>
        ),
      },
    ];
  }, [list, RowActions, canEdit, access.delete, confirm, declaration, navigate, onEdit, onDeleted, onDeleteFailed]);

  return (
    <Table<ApiRecord>
      rowKey={(record) => String(record.id)}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      locale={{ emptyText: list.emptyText }}
      // Cells wrap to fit; a screen too narrow even then scrolls sideways.
      scroll={{ x: 'min-content' }}
      size="middle"
    />
  );
}
