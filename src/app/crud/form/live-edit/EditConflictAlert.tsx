import { Alert, Button, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { differences, type Difference } from './edit-conflict';
import type { EditConflict } from './use-live-edit-form';

type Props = {
  conflict: EditConflict;
  /** The form's fields by name, with their labels: what 'Review changes' compares. */
  labels: Readonly<Record<string, string>>;
};

/**
 * Above an edit form: someone else changed the record ('Load their changes'), or a save was refused for it ('Overwrite',
 * 'Review changes'). Whatever the user typed stays in the form until they choose otherwise.
 */
export function EditConflictAlert({ conflict, labels }: Props) {
  const { t, tx } = useT();
  const [review, setReview] = useState<Difference[] | null>(null);
  const columns = [
    { key: 'label', dataIndex: 'label', title: t('crud.conflict.field') },
    { key: 'theirs', dataIndex: 'theirs', title: t('crud.conflict.theirs') },
    { key: 'yours', dataIndex: 'yours', title: t('crud.conflict.yours') },
  ];
  const { notice } = conflict;
  if (!notice) return null;
  const actions =
    notice.kind === 'changed' ? (
      <Popconfirm
        title={t('crud.conflict.loadQuestion')}
        description={t('crud.conflict.loadWarning')}
        okText={t('crud.conflict.loadOk')}
        cancelText={t('crud.conflict.keepMine')}
        onConfirm={() => conflict.loadTheirs()}
      >
        <Button size="small">{t('crud.conflict.load')}</Button>
      </Popconfirm>
    ) : (
      <Space>
        <Button size="small" onClick={() => setReview(differences(notice.current, conflict.typed(), labels, tx))}>
          {t('crud.conflict.review')}
        </Button>
        <Popconfirm
          title={t('crud.conflict.overwriteQuestion')}
          description={t('crud.conflict.overwriteWarning')}
          okText={t('crud.conflict.overwriteOk')}
          cancelText={t('buttons.cancel')}
          onConfirm={() => conflict.overwrite()}
        >
          <Button size="small" danger>
            {t('crud.conflict.overwrite')}
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
        message={tx(notice.message)}
        action={actions}
        closable
        onClose={conflict.dismiss}
        style={{ marginBottom: 16 }}
      />
      <Modal open={review !== null} title={t('crud.conflict.reviewTitle')} footer={null} onCancel={() => setReview(null)} width={720}>
        <Table<Difference>
          size="small"
          rowKey="field"
          pagination={false}
          columns={columns}
          dataSource={review ?? []}
          locale={{ emptyText: t('crud.conflict.same') }}
        />
      </Modal>
    </>
  );
}
