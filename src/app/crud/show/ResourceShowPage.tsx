import { EditButton, Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import { Alert, App, Card, Descriptions, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/use-t';
import type { ApiRecord, HistoryEntry, SpaResource, StepDeclaration } from '../../resources/types';
import { capitalise, entityText } from '../texts';
import { RowDeleteButton } from '../list/RowDeleteButton';
import { screenPath } from '../routes';
import { HistoryPanel } from '../../history/HistoryPanel';
import { BackTitle } from '../BackTitle';
import { HistoryTimeline } from './HistoryTimeline';
import { LinesCard } from './LinesCard';
import { RelatedList } from './RelatedList';
import { StepButton } from './StepButton';
import { useStep } from './use-step';

type Props = {
  declaration: SpaResource;
  /** The declarations of the resources listed as related (the app's registry). */
  relatedOf: (name: string) => SpaResource | undefined;
};

/**
 * A record's page in Refine's `Show`: its header fields, its lines with their totals, the steps its status and the
 * user's grants allow, Edit and Delete while its status lets it change, its history and the records pointing at it.
 */
export function ResourceShowPage({ declaration, relatedOf }: Props) {
  const { t, tx } = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const show = declaration.show!;
  const singular = declaration.entity?.singular ?? 'record';
  const entity = entityText(tx, singular);
  const { result: record, query } = useShow<ApiRecord>({ resource: declaration.name, id, queryOptions: { retry: false }, errorNotification: false });
  const step = useStep(declaration, id);
  const [actionError, setActionError] = useState<string | null>(null);

  const workflow = show.workflow;
  const status = workflow && record ? String(record[workflow.field] ?? '') : '';
  const editable = !workflow?.editable || workflow.editable.includes(status);
  const steps = workflow?.steps.filter((s) => s.from.includes(status)) ?? [];

  const runStep = async (chosen: StepDeclaration, body: Record<string, unknown>, key: string) => {
    setActionError(null);
    await step.run(chosen, body, key);
    // 'Purchase order submitted': the noun, then what the history calls the step ('ख़रीद आदेश जमा किया गया').
    void message.success(`${capitalise(entity)} ${tx(show.history?.title(chosen.name) ?? chosen.label).toLowerCase()}`);
  };
  const Extra = show.headerExtra;

  const buttons = record && (
    <>
      {Extra && <Extra record={record} />}
      {steps.map((s) => (
        <StepButton
          key={s.name}
          resource={declaration.name}
          record={record}
          step={s}
          singular={singular}
          busy={step.busy}
          form={show.stepForms?.[s.name]}
          onSubmit={runStep}
          onRefused={(error) => setActionError(error.message)}
        />
      ))}
      {editable && declaration.routes?.edit && (
        <EditButton resource={declaration.name} recordItemId={id} accessControl={{ enabled: true, hideIfUnauthorized: true }} />
      )}
      {editable && (
        <RowDeleteButton
          resource={declaration.name}
          id={id}
          singular={singular}
          size="middle"
          confirm={declaration.list?.deleteConfirm}
          onDeleted={() => navigate(screenPath(declaration, 'list') ?? '/')}
          onFailed={setActionError}
        />
      )}
    </>
  );
  const history = record?.history;

  // A document's number makes a long heading: on a phone it wraps rather than being cut off.
  return (
    <Show
      title={
        <BackTitle>
          <Typography.Title level={3} style={{ margin: 0, whiteSpace: 'normal' }}>
            {record ? show.title(record, tx) : capitalise(entity)}
          </Typography.Title>
        </BackTitle>
      }
      goBack={false}
      resource={declaration.name}
      recordItemId={id}
      isLoading={query.isLoading}
      breadcrumb={false}
      headerButtons={() => buttons}
    >
      {query.isError && <Alert type="error" showIcon role="alert" message={tx(query.error.message)} />}
      {actionError && (
        <Alert type="error" showIcon role="alert" closable message={tx(actionError)} onClose={() => setActionError(null)} style={{ marginBottom: 12 }} />
      )}
      {record && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            items={show.items.map((item) => ({ key: item.key, label: tx(item.label), children: item.render(record) }))}
          />
          {show.lines.map((lines) => (
            <LinesCard key={lines.key} lines={lines} record={record} />
          ))}
          {/* A document carries its history (steps and notes, oldest first); any other record's is read from the API. */}
          {show.history && Array.isArray(history) ? (
            <Card size="small" title={t('history.title')} style={{ marginTop: 16 }}>
              <HistoryTimeline entries={history as HistoryEntry[]} history={show.history} record={record} />
            </Card>
          ) : (
            <HistoryPanel resource={declaration.name} id={id} />
          )}
          {show.related
            .filter((relation) => relation.when?.(record) ?? true)
            .map((relation) => {
              const related = relatedOf(relation.resource);
              return related ? <RelatedList key={`${relation.resource}.${relation.field}`} relation={relation} declaration={related} id={id} /> : null;
            })}
        </>
      )}
    </Show>
  );
}
