import { PlusOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import type { ResourceDeclaration } from '../../resources/types';
import { PageHeader } from '../PageHeader';
import { screenPath } from '../routes';
import { ResourceListView } from './ResourceListView';
import { useRecordAccess } from './use-record-access';

/** The list screen of any resource with a list declaration. */
export function ResourceListPage({ declaration }: { declaration: ResourceDeclaration }) {
  const navigate = useNavigate();
  const access = useRecordAccess(declaration.name);
  const list = declaration.list!;
  const createPath = screenPath(declaration, 'create');
  return (
    <>
      <PageHeader
        title={list.title}
        extra={
          access.create && createPath && list.createLabel ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(createPath)}>
              {list.createLabel}
            </Button>
          ) : null
        }
      />
      <Card>
        <ResourceListView declaration={declaration} access={access} />
      </Card>
    </>
  );
}
