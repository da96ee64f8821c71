import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { BatchTable } from './BatchTable';

type Row = { _id: string; product_name: string; tracks_expiry?: boolean };

/**
 * A record that tracks expiry opens onto its batches (issue 17) from a small toggle beside its product name: no column
 * is added, so the SPEC.md columns keep their places and an untracked row looks exactly as before.
 */
/** `enabled` false (a role that may not read a record, 'inventory: show'): no toggle whose batches would be refused. */
export function useBatchExpansion<T extends Row>(enabled = true) {
  const { t } = useT();
  const [open, setOpen] = useState<string[]>([]);
  const toggle = (id: string) => setOpen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const withToggle = (columns: TableColumnsType<T>): TableColumnsType<T> =>
    columns.map((column) => {
      if (!('dataIndex' in column) || column.dataIndex !== 'product_name') return column;
      const render = column.render;
      return {
        ...column,
        render: (value: unknown, record: T, index: number) => {
          const shown = open.includes(record._id);
          return (
            <>
              {render ? render(value, record, index) : (value as string)}
              {enabled && record.tracks_expiry && (
                <Tooltip title={shown ? t('batches.hide') : t('batches.show')}>
                  <Button
                    type="link"
                    size="small"
                    aria-label={shown ? t('batches.hideOf', { product: record.product_name }) : t('batches.showOf', { product: record.product_name })}
                    aria-expanded={shown}
                    icon={shown ? <DownOutlined /> : <RightOutlined />}
                    onClick={() => toggle(record._id)}
                  />
                </Tooltip>
              )}
            </>
          );
        },
      };
    });

  const expandable: TableProps<T>['expandable'] = {
    showExpandColumn: false,
    expandedRowKeys: open,
    rowExpandable: (r) => enabled && r.tracks_expiry === true,
    expandedRowRender: (r) => <BatchTable recordId={r._id} productName={r.product_name} />,
  };
  return { withToggle, expandable };
}
