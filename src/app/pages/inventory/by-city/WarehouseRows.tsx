import { costColumns, useSeesCosts } from '../../../access/costs';
import { useCan } from '@refinedev/core';
import { Card, Flex, Pagination, Table, Typography } from 'antd';
import { useState } from 'react';
import { INVENTORY_BY_CITY_ROWS } from '../../../../domain/constants';
import { emptyTextOf, ListError } from '../../../crud/list/ListError';
import { useT } from '../../../i18n/use-t';
import { useBatchExpansion } from '../batches/use-batch-expansion';
import type { InventoryRecord } from '../shared/types';
import { byCityColumns } from './by-city-columns';
import { useWarehouseRows, type WarehouseGroup } from './use-city-inventory';

type Props = {
  cityId: string;
  group: WarehouseGroup;
  q: string | undefined;
  onAdjust: (record: InventoryRecord) => void;
  canAdjust: boolean;
};

/** One warehouse of the city: a page of its rows and its own pager (render it keyed by the search, so it restarts at 1). */
export function WarehouseRows({ cityId, group, q, onAdjust, canAdjust }: Props) {
  const { t } = useT();
  const seesCosts = useSeesCosts();
  const [page, setPage] = useState(1);
  const { rows, total, isLoading, error, refetch } = useWarehouseRows(cityId, group, page, q);
  const batches = useBatchExpansion<InventoryRecord>(useCan({ resource: 'inventory', action: 'show' }).data?.can === true);
  const products = `${total.toLocaleString('en-IN')} ${total === 1 ? t('inventory.byCity.product') : t('inventory.byCity.products')}`;
  return (
    <Card
      size="small"
      title={group.warehouse_name}
      extra={<Typography.Text type="secondary">{q ? t('inventory.byCity.matching', { products, q }) : products}</Typography.Text>}
      style={{ marginBottom: 16 }}
      aria-label={t('inventory.byCity.warehouseLabel', { warehouse: group.warehouse_name })}
    >
      <ListError error={error} onRetry={refetch} retrying={isLoading} />
      <Table<InventoryRecord>
        rowKey="_id"
        dataSource={rows}
        columns={batches.withToggle(costColumns(byCityColumns(onAdjust, canAdjust, t), seesCosts))}
        expandable={batches.expandable}
        loading={isLoading}
        pagination={false}
        size="middle"
        scroll={{ x: 1020 }}
        locale={{ emptyText: emptyTextOf({ failed: !!error }, q ? t('inventory.byCity.noMatch') : t('inventory.byCity.warehouseEmpty')) }}
      />
      {total > INVENTORY_BY_CITY_ROWS && (
        <Flex justify="end" style={{ marginTop: 12 }}>
          <Pagination
            size="small"
            current={page}
            pageSize={INVENTORY_BY_CITY_ROWS}
            total={total}
            showSizeChanger={false}
            onChange={setPage}
            aria-label={t('inventory.byCity.pagesOf', { warehouse: group.warehouse_name })}
          />
        </Flex>
      )}
    </Card>
  );
}
