import { useCan } from '@refinedev/core';
import { Button } from 'antd';
import { Suspense, useState, type ComponentType } from 'react';
import { useT } from '../../i18n/use-t';
import { keyPerSubmission } from '../../pages/inventory/stock/idempotency-key';
import type { ApiRecord, StepDeclaration, StepFormProps } from '../../resources/types';
import { StepModal } from './StepModal';

type Props = {
  resource: string;
  record: ApiRecord;
  step: StepDeclaration;
  singular: string;
  busy: boolean;
  /** The step's own form (a receipt's quantities), in place of the question and note. */
  form?: ComponentType<StepFormProps>;
  /** Sends the step with this body and Idempotency-Key; rejects with the API's refusal. */
  onSubmit: (step: StepDeclaration, body: Record<string, unknown>, idempotencyKey: string) => Promise<void>;
  /** A refusal of a step without a form of its own, to show on the page. */
  onRefused: (error: Error) => void;
};

/**
 * One step's button, shown where the role holds the step's own grant (`<resource>: <step>` in the matrix): a step
 * with a form of its own opens it, a step with a question or a note asks in a modal first. Each opening is a new
 * submission with a key of its own; a repeat of the same submission (a double click, a retry) carries the same key,
 * so the API takes the step once.
 */
export function StepButton({ resource, record, step, singular, busy, form: StepForm, onSubmit, onRefused }: Props) {
  const { tx } = useT();
  const { data: access } = useCan({ resource, action: step.name });
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState(() => keyPerSubmission());
  if (!access?.can) return null;

  const asks = !!StepForm || !!step.confirm || !!step.note;
  const submit = async (body: Record<string, unknown>, submission = keys) => {
    await onSubmit(step, body, submission.keyFor({ step: step.name, body }));
    setOpen(false);
  };
  // The question's modal closes either way: a refusal is said on the page.
  const sendNote = async (note: string, submission = keys) => {
    try {
      await submit(note ? { note } : {}, submission);
    } catch (error) {
      onRefused(error as Error);
    } finally {
      setOpen(false);
    }
  };
  const start = () => {
    const submission = keyPerSubmission();
    setKeys(submission);
    if (asks) setOpen(true);
    else void sendNote('', submission);
  };

  return (
    <>
      <Button onClick={start} disabled={busy}>
        {tx(step.label)}
      </Button>
      {StepForm
        ? // A form loaded on first use: the page stays as it is meanwhile (the button waits), not a whole-page spinner.
          open && (
            <Suspense fallback={null}>
              <StepForm record={record} step={step} singular={singular} open={open} busy={busy} submit={submit} onClose={() => setOpen(false)} />
            </Suspense>
          )
        : asks && (
            <StepModal step={step} singular={singular} open={open} busy={busy} onConfirm={(note) => void sendNote(note)} onClose={() => setOpen(false)} />
          )}
    </>
  );
}
