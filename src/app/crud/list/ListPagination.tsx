import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';

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
  return (
    <nav aria-label="Pagination" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 12, marginTop: 16 }}>
      <Typography.Text type="secondary">{atLeast ? `${total}+ records` : total === 1 ? '1 record' : `${total} records`}</Typography.Text>
      <Space>
        <Button icon={<LeftOutlined />} disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Typography.Text data-testid="page-indicator" aria-live="polite">
          {`Page ${page} of ${pageCount}`}
        </Typography.Text>
        <Button disabled={disabled || page >= pageCount} onClick={() => onChange(page + 1)}>
          Next <RightOutlined />
        </Button>
      </Space>
    </nav>
  );
}
