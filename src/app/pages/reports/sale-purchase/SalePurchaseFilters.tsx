import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { isAfterBusinessToday } from '../../../components/business-time';
import { DateField } from '../../../components/DateField';
import { WarehouseSelect } from '../../inventory/shared/WarehouseSelect';
import type { SalePurchaseQuery } from './types';
import { useT } from '../../../i18n/use-t';

type Draft = { warehouse_id?: string; start?: Dayjs | null; end?: Dayjs | null };

const toDraft = (q: SalePurchaseQuery | null): Draft => (q ? { warehouse_id: q.warehouse_id, start: dayjs(q.start_date), end: dayjs(q.end_date) } : {});

/** SPEC.md section 5: warehouse, start date and end date must all be set before 'Get Report' is enabled. */
export function SalePurchaseFilters({
  applied,
  onApply,
  loading,
}: {
  applied: SalePurchaseQuery | null;
  onApply: (q: SalePurchaseQuery) => void;
  loading: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(applied));
  const { t } = useT();
  useEffect(() => setDraft(toDraft(applied)), [applied]);
  const ready = !!draft.warehouse_id && !!draft.start && !!draft.end;

  const submit = () => {
    if (!ready) return;
    onApply({ warehouse_id: draft.warehouse_id!, start_date: draft.start!.format('YYYY-MM-DD'), end_date: draft.end!.format('YYYY-MM-DD') });
  };

  return (
    <Card size="small" style={{ marginBottom: 16 }} className="no-print">
      <Form layout="vertical" onFinish={submit}>
        <Row gutter={16} align="bottom">
          <Col xs={24} md={8}>
            <Form.Item label={t('reports.columns.warehouse')} htmlFor="sp-warehouse" required>
              <WarehouseSelect
                scope="reports"
                id="sp-warehouse"
                value={draft.warehouse_id}
                onChange={(warehouse_id) => setDraft((d) => ({ ...d, warehouse_id }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label={t('reports.query.startDate')} htmlFor="sp-start" required>
              <DateField
                id="sp-start"
                value={draft.start}
                onChange={(start) => setDraft((d) => ({ ...d, start, end: d.end && start && d.end.isBefore(start, 'day') ? null : d.end }))}
                disabledDate={isAfterBusinessToday}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label={t('reports.query.endDate')} htmlFor="sp-end" required>
              <DateField
                id="sp-end"
                value={draft.end}
                onChange={(end) => setDraft((d) => ({ ...d, end }))}
                disabledDate={(d) => isAfterBusinessToday(d) || (!!draft.start && d.isBefore(draft.start, 'day'))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item>
              <Button type="primary" htmlType="submit" block icon={<FileSearchOutlined />} disabled={!ready} loading={loading}>
                {t('reports.salePurchase.getReport')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
