import { ClearOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isAfterBusinessToday } from '../../components/business-time';
import { DateRangeField } from '../../components/DateField';
import { useT } from '../../i18n/use-t';
import { ACTION_OPTIONS, RESOURCE_OPTIONS } from './activity-options';
import type { ActivityFilters as Filters } from './use-activity';
import { UserPicker } from './UserPicker';

type Props = { filters: Filters; onChange: (next: Partial<Filters>) => void };

/** The filters sit in a card of their own: no form's room for messages under them. */
const ITEM = { marginBottom: 12 };

const dayOf = (text: string) => (text ? dayjs(text) : null);
const textOf = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : '');

/** Resource, action, user and a period of business days (India's, as the API counts them): each applied as soon as it is picked, all cleared at once. */
export function ActivityFilters({ filters, onChange }: Props) {
  const { t, tx } = useT();
  // The options name resources and actions in SPEC.md's English (their declarations'): shown in the user's language.
  const resourceOptions = RESOURCE_OPTIONS.map((option) => ({ ...option, label: tx(option.label) }));
  const actionOptions = ACTION_OPTIONS.map((option) => ({ ...option, label: tx(option.label) }));
  const any = Object.values(filters).some(Boolean);
  const period: [Dayjs | null, Dayjs | null] | null = filters.from || filters.to ? [dayOf(filters.from), dayOf(filters.to)] : null;
  return (
    <Form layout="vertical" component="div">
      <Row gutter={[12, 0]} align="bottom">
        <Col xs={12} lg={5}>
          <Form.Item label={t('activity.filters.resource')} htmlFor="activity-resource" style={ITEM}>
            <Select
              id="activity-resource"
              value={filters.resource || undefined}
              onChange={(resource?: string) => onChange({ resource })}
              options={resourceOptions}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('activity.filters.anyResource')}
            />
          </Form.Item>
        </Col>
        <Col xs={12} lg={5}>
          <Form.Item label={t('activity.filters.action')} htmlFor="activity-action" style={ITEM}>
            <Select
              id="activity-action"
              value={filters.action || undefined}
              onChange={(action?: string) => onChange({ action })}
              options={actionOptions}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('activity.filters.anyAction')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <Form.Item label={t('users.entity')} htmlFor="activity-user" style={ITEM}>
            <UserPicker id="activity-user" value={filters.user_id} onChange={(user_id) => onChange({ user_id })} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('activity.filters.period')} htmlFor="activity-period" style={ITEM}>
            <DateRangeField
              id="activity-period"
              value={period}
              onChange={(range) => onChange({ from: textOf(range?.[0]), to: textOf(range?.[1]) })}
              allowEmpty={[true, true]}
              disabledDate={isAfterBusinessToday}
              placeholder={[t('activity.filters.from'), t('activity.filters.to')]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} lg={3}>
          <Form.Item style={ITEM}>
            <Button block icon={<ClearOutlined />} disabled={!any} onClick={() => onChange({ resource: '', user_id: '', action: '', from: '', to: '' })}>
              {t('activity.filters.clear')}
            </Button>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
