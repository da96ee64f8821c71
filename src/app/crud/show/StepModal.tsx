import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import type { StepDeclaration } from '../../resources/types';
import { entityText } from '../texts';

type Props = {
  step: StepDeclaration;
  /** 'test order': the default question 'Submit this test order?'. */
  singular: string;
  open: boolean;
  busy: boolean;
  onConfirm: (note: string) => void;
  onClose: () => void;
};

const NOTE_MAX = 1000;

/** The API's own words for a missing required note (English, as the API says it; shown through `tx`). */
export const noteRequired = (step: StepDeclaration) => `Say why: a note is required to ${step.label.toLowerCase()}`;

/** A step's question (its declared `confirm`), and its note where the step takes one: asked for, or required. */
export function StepModal({ step, singular, open, busy, onConfirm, onClose }: Props) {
  const { t, tx } = useT();
  const action = tx(step.label);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = () => {
    if (step.note === 'required' && !note.trim()) return setProblem(tx(noteRequired(step)));
    // Sent as typed; a blank one is no note.
    onConfirm(note.trim() ? note : '');
  };
  return (
    <Modal
      open={open}
      title={step.confirm ? tx(step.confirm) : t('crud.steps.confirm', { action, entity: entityText(tx, singular) })}
      okText={action}
      cancelText={t('crud.steps.back')}
      confirmLoading={busy}
      onOk={confirm}
      onCancel={onClose}
      afterClose={() => {
        setNote('');
        setProblem(null);
      }}
      destroyOnHidden
    >
      {step.note && (
        <Form layout="vertical" component="div">
          <Form.Item
            label={step.note === 'required' ? t('crud.steps.note') : t('crud.steps.noteOptional')}
            required={step.note === 'required'}
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? undefined}
          >
            <Input.TextArea
              aria-label={t('crud.steps.note')}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setProblem(null);
              }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
