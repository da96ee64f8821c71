import { Alert, Button, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { differences, type Difference } from './edit-conflict';
import type { EditConflict } from './use-live-edit-form';

type Props = {
  conflict: EditConflict;
  /** The form's fields by name, with their labels: what 'Review changes' compares. */
  labels: Readonly<Record<string, string>>;
};

const columns = [
  { key: 'label', dataIndex: 'label', title: 'Field' },
  { key: 'theirs', dataIndex: 'theirs', title: 'Theirs' },
  { key: 'yours', dataIndex: 'yours', title: 'Yours' },
];

/**
 * Above an edit form: someone else changed the record ('Load their changes'), or a save was refused for it ('Overwrite',
 * 'Review changes'). Whatever the user typed stays in the form until they choose otherwise.
 */
export function EditConflictAlert({ conflict, labels }: Props) {
  const [review, setReview] = useState<Difference[] | null>(null);
  const { notice } = conflict;
  if (!notice) return null;
  const actions =
    notice.kind === 'changed' ? (
      <Popconfirm
        title="Load their changes?"
        description="What you typed here will be lost."
        okText="Load them"
        cancelText="Keep mine"
        onConfirm={() => conflict.loadTheirs()}
      >
        <Button size="small">Load their changes</Button>
      </Popconfirm>
    ) : (
      <Space>
        <Button size="small" onClick={() => setReview(differences(notice.current, conflict.typed(), labels))}>
          Review changes
        </Button>
        <Popconfirm
          title="Overwrite their changes?"
          description="Your values replace what they saved."
          okText="Overwrite them"
          cancelText="Cancel"
          onConfirm={() => conflict.overwrite()}
        >
          <Button size="small" danger>
            Overwrite
          </Button>
        </Popconfirm>
      </Space>
    );
  return (
    <>
      <Alert
        key={`${notice.kind}:${notice.message}`}
        type="warning"
        showIcon
        role="alert"
        message={notice.message}
        action={actions}
        closable
        onClose={conflict.dismiss}
        style={{ marginBottom: 16 }}
      />
      <Modal open={review !== null} title="Their changes and yours" footer={null} onCancel={() => setReview(null)} width={720}>
        <Table<Difference>
          size="small"
          rowKey="field"
          pagination={false}
          columns={columns}
          dataSource={review ?? []}
          locale={{ emptyText: 'Your values and theirs are the same.' }}
        />
      </Modal>
    </>
  );
}
