import { Button, Space } from 'antd';
import { useT } from '../../i18n/use-t';
import type { FormMode } from '../../resources/types';

type Props = { mode: FormMode; saving: boolean; onCancel: () => void; submitLabels?: Partial<Record<FormMode, string>> };

/** Cancel and the submit button, which says what it is doing while it saves ('Updating...'); `submitLabels` English of ours. */
export function FormButtons({ mode, saving, onCancel, submitLabels }: Props) {
  const { t, tx } = useT();
  const own = submitLabels?.[mode];
  const label = own ? tx(own) : mode === 'create' ? t('buttons.save') : t('crud.form.update');
  const busy = mode === 'create' ? t('crud.form.saving') : t('crud.form.updating');
  return (
    <Space style={{ marginTop: 8 }}>
      <Button onClick={onCancel} disabled={saving}>
        {t('buttons.cancel')}
      </Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        {saving ? busy : label}
      </Button>
    </Space>
  );
}
