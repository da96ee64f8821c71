import { useCan } from '@refinedev/core';
import { Alert, App, Button, Popconfirm, Skeleton, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HistoryPanel } from '../../history/HistoryPanel';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../inventory/shared/PageHeader';
import { CountSheet } from './CountSheet';
import { ReviewPane } from './ReviewPane';
import { StockTakeStatusTag } from './StockTakeStatusTag';
import { useStockTake } from './use-stock-take';

/** `/stock-takes/:id`: the count sheet, the review, apply and cancel, and the take's History. */
export default function StockTakePage() {
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const { t, tx } = useT();
  const { take, loading, error, busy, saveCounts, countUncountedAsZero, apply, cancel } = useStockTake(id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [tab, setTab] = useState('count');
  const { data: canCount } = useCan({ resource: 'stock-takes', action: 'count' });
  const { data: canApply } = useCan({ resource: 'stock-takes', action: 'apply' });
  const { data: canCancel } = useCan({ resource: 'stock-takes', action: 'cancel' });

  if (error) {
    return <Alert type="error" showIcon role="alert" message={tx(error.message)} action={<Link to="/stock-takes">{t('stockTakes.show.backToList')}</Link>} />;
  }
  if (loading || !take) return <Skeleton active />;
  const open = take.status === 'open';
  const date = dayjs(take.created).format('DD MMM YYYY, HH:mm');
  const started = take.created_by_name ? t('stockTakes.show.startedBy', { date, name: take.created_by_name }) : t('stockTakes.show.started', { date });
  // Review shows expected stock: in a blind count not yet applied, only to the reviewer (who may apply), whatever the API sent.
  const reviewable = !take.expected_hidden && (!take.blind || take.status === 'applied' || canApply?.can === true);

  const run = async (action: () => Promise<{ message?: string }>) => {
    setActionError(null);
    try {
      const answer = await action();
      if (answer?.message) void message.success(tx(answer.message));
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  return (
    <>
      <PageHeader
        title={
          <>
            {t('stockTakes.show.title', { warehouse: take.warehouse_name })} <StockTakeStatusTag status={take.status} />
          </>
        }
        subTitle={`${take.category_name ?? t('stockTakes.allCategories')} · ${started}`}
        extra={
          <>
            <Link to="/stock-takes">
              <Button>{t('stockTakes.show.back')}</Button>
            </Link>
            {open && canCancel?.can && (
              <Popconfirm title={t('stockTakes.show.cancelConfirm')} onConfirm={() => run(cancel)}>
                <Button danger disabled={busy}>
                  {t('stockTakes.show.cancel')}
                </Button>
              </Popconfirm>
            )}
            {open && canApply?.can && (
              <Popconfirm
                title={t('stockTakes.show.applyConfirm')}
                description={t('stockTakes.show.applyDescription', { n: String(take.totals.variances) })}
                okText={t('stockTakes.show.applyOk')}
                onConfirm={() => run(apply)}
              >
                <Button type="primary" loading={busy}>
                  {t('stockTakes.show.apply')}
                </Button>
              </Popconfirm>
            )}
          </>
        }
      />
      {actionError && (
        <Alert type="error" showIcon role="alert" closable onClose={() => setActionError(null)} message={tx(actionError)} style={{ marginBottom: 12 }} />
      )}
      {take.status === 'applied' && (
        <Alert
          type="success"
          showIcon
          message={t('stockTakes.show.appliedAt', { date: dayjs(take.applied_at).format('DD MMM YYYY, HH:mm') })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'count', label: t('stockTakes.show.countTab'), children: <CountSheet take={take} editable={open && !!canCount?.can} onSave={saveCounts} /> },
          ...(!reviewable
            ? []
            : [
                {
                  key: 'review',
                  label: t('stockTakes.show.reviewTab'),
                  children: (
                    <ReviewPane
                      take={take}
                      editable={open && !!canCount?.can}
                      onCountZero={(ids) => run(() => saveCounts(ids.map((product_id) => ({ product_id, counted: 0 }))))}
                      onCountAllUncountedZero={() => run(countUncountedAsZero)}
                    />
                  ),
                },
              ]),
        ]}
      />
      <HistoryPanel resource="stock-takes" id={take._id} watch={take.status} />
    </>
  );
}
