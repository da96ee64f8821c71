import { Alert, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { usePhoneLayout } from '../../layout/use-phone-layout';
import type { StepDeclaration } from '../../resources/types';

type Props = {
  step: StepDeclaration;
  open: boolean;
  busy: boolean;
  /** The dialog's heading; default the step's label. */
  title?: ReactNode;
  /** What the form has to say beside its fields (a refusal naming no field, a 409). */
  problem?: string | null;
  onProblemClose?: () => void;
  /** The step's button in the dialog: submits the form. */
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The dialog of a step with a form of its own: the step's label on its button, Back to leave, wide on a desktop and the
 * whole screen on a phone (its lines as cards there). A click beside it does not close it: what was typed
 * stays until Back.
 */
export function StepFormModal({ step, open, busy, title, problem, onProblemClose, onOk, onClose, children }: Props) {
  const { t, tx } = useT();
  const phone = usePhoneLayout();
  const action = tx(step.label);
  return (
    <Modal
      open={open}
      title={title ?? action}
      okText={action}
      cancelText={t('crud.steps.back')}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={phone ? '100vw' : 1000}
      style={phone ? { top: 0, margin: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
    >
      {problem && <Alert type="error" showIcon role="alert" closable message={tx(problem)} onClose={onProblemClose} style={{ marginBottom: 12 }} />}
      {children}
    </Modal>
  );
}
