import { useCan } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { keyPerSubmission } from '../../pages/inventory/stock/idempotency-key';
import type { StepDeclaration } from '../../resources/types';
import { StepModal } from './StepModal';

type Props = {
  resource: string;
  step: StepDeclaration;
  singular: string;
  busy: boolean;
  /** Sends the step with this submission's note and Idempotency-Key; says itself how it went (never rejects). */
  onRun: (step: StepDeclaration, note: string, idempotencyKey: string) => Promise<void>;
};

/**
 * One step's button, shown where the role holds the step's own grant (`<resource>: <step>` in the matrix): a step
 * with a question or a note asks in a modal first. Each opening is a new submission with a key of its own; a repeat
 * of the same submission (a double click, a retry) carries the same key, so the API takes the step once.
 */
export function StepButton({ resource, step, singular, busy, onRun }: Props) {
  const { data: access } = useCan({ resource, action: step.name });
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState(() => keyPerSubmission());
  if (!access?.can) return null;

  const asks = !!step.confirm || !!step.note;
  const send = async (note: string, submission = keys) => {
    try {
      await onRun(step, note, submission.keyFor({ step: step.name, note }));
    } finally {
      setOpen(false);
    }
  };
  const start = () => {
    const submission = keyPerSubmission();
    setKeys(submission);
    if (asks) setOpen(true);
    else void send('', submission);
  };

  return (
    <>
      <Button onClick={start} disabled={busy}>
        {step.label}
      </Button>
      {asks && <StepModal step={step} singular={singular} open={open} busy={busy} onConfirm={(note) => void send(note)} onClose={() => setOpen(false)} />}
    </>
  );
}
