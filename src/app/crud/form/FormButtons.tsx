import { Button, Space } from 'antd';
import type { FormMode } from '../../resources/types';

type Props = { mode: FormMode; saving: boolean; onCancel: () => void; submitLabels?: Partial<Record<FormMode, string>> };

/** Cancel and the submit button, which says what it is doing while it saves ('Updating...'). */
export function FormButtons({ mode, saving, onCancel, submitLabels }: Props) {
  const label = submitLabels?.[mode] ?? (mode === 'create' ? 'Save' : 'Update');
  const busy = mode === 'create' ? 'Saving...' : 'Updating...';
  return (
    <Space style={{ marginTop: 8 }}>
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        {saving ? busy : label}
      </Button>
    </Space>
  );
}
