import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useT } from '../../i18n/use-t';

type Props = {
  page: number;
  pageCount: number;
  total: number;
  /** The total is a floor (the API stopped counting there): 'N+ records'. */
  atLeast?: boolean;
  disabled?: boolean;
  onChange: (page: number) => void;
};

/** Previous / 'Page X of Y' / Next, Y being the real number of pages (SPEC.md section 2, without its stuck-at-1 total). */
export function ListPagination({ page, pageCount, total, atLeast = false, disabled, onChange }: Props) {
  const { t } = useT();
  const records = atLeast ? t('crud.pages.atLeast', { total }) : total === 1 ? t('crud.pages.one') : t('crud.pages.records', { total });
  return (
    <nav
      aria-label={t('crud.pages.label')}
      style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12, marginTop: 16 }}
    >
      <Typography.Text type="secondary">{records}</Typography.Text>
      <Space>
        <Button icon={<LeftOutlined />} disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
          {t('crud.pages.previous')}
        </Button>
        <Typography.Text data-testid="page-indicator" aria-live="polite">
          {t('crud.pages.page', { page, pages: pageCount })}
        </Typography.Text>
        <Button disabled={disabled || page >= pageCount} onClick={() => onChange(page + 1)}>
          {t('crud.pages.next')} <RightOutlined />
        </Button>
      </Space>
    </nav>
  );
}
