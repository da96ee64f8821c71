import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';

type Props = {
  icon: ReactNode;
  label: string;
  /** Icon only, the label in a tooltip and as the accessible name (rows with many actions). */
  compact?: boolean;
  danger?: boolean;
  loading?: boolean;
  /** Greyed out with the reason in a tooltip (a role that may not use it). */
  disabledReason?: string | null;
  disabled?: boolean;
  /** Keeps the tooltip closed (while a confirmation opened by this button is showing). */
  hideTooltip?: boolean;
  onClick?: () => void;
};

/** A row action button: labelled, or icon-only with a tooltip; a disabled one says why (English of ours in the user's language). */
export function ActionButton({ icon, label: english, compact, danger, loading, disabled, disabledReason, hideTooltip, onClick }: Props) {
  const { tx } = useT();
  const label = tx(english);
  const off = disabled || !!disabledReason;
  const button = (
    <Button size="small" icon={icon} danger={danger} loading={loading} disabled={off} onClick={onClick} aria-label={compact ? label : undefined}>
      {compact ? null : label}
    </Button>
  );
  const tip = disabledReason ? tx(disabledReason) : compact ? label : null;
  if (!tip) return button;
  // A disabled button fires no mouse events: the wrapper carries the tooltip.
  return (
    <Tooltip title={tip} open={hideTooltip ? false : undefined}>
      {off ? <span style={{ display: 'inline-block' }}>{button}</span> : button}
    </Tooltip>
  );
}
