import { Card } from 'antd';
import { useCallback, useState } from 'react';
import { List } from '@refinedev/antd';
import { pageTitle } from '../../crud/page-title';
import { HistoryPanel } from '../../history/HistoryPanel';
import { ResourceListView } from '../../crud/list/ResourceListView';
import { useRecordAccess } from '../../crud/list/use-record-access';
import { useT } from '../../i18n/use-t';
import { findDeclaration } from '../../resources';
import type { ApiRecord, DeclaredFormDeclaration } from '../../resources/types';
import { HandlingChargeForm } from './HandlingChargeForm';

const handlingCharges = findDeclaration('handling-charges')!;

/** /handling-charges: one Refine `List` page, the add/edit form above the declared list (which reloads after any change). */
export default function HandlingChargesPage() {
  const { tx } = useT();
  const access = useRecordAccess(handlingCharges.name);
  const [editing, setEditing] = useState<ApiRecord | null>(null);
  const titles = (handlingCharges.form as DeclaredFormDeclaration).titles;
  const mayWrite = editing ? access.edit : access.create;
  const onDeleted = useCallback((record: ApiRecord) => setEditing((current) => (current?.id === record.id ? null : current)), []);

  return (
    <List title={pageTitle(tx(handlingCharges.list!.title))} resource={handlingCharges.name} breadcrumb={false} canCreate={false}>
      {mayWrite && (
        <Card type="inner" title={tx(editing ? titles.edit : titles.create)} style={{ marginBottom: 16 }}>
          <HandlingChargeForm declaration={handlingCharges} editing={editing} onDone={() => setEditing(null)} />
          {/* Editing in place is this record's edit page: its History under the form. */}
          {editing && <HistoryPanel key={String(editing.id)} resource={handlingCharges.name} id={String(editing.id)} />}
        </Card>
      )}
      <ResourceListView declaration={handlingCharges} access={access} onEdit={setEditing} onDeleted={onDeleted} />
    </List>
  );
}
