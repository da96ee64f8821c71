import { Tag } from 'antd';
import { useT } from '../../../i18n/use-t';
import type { Translate } from './translate';

const COLOURS: Record<string, string> = { in: 'green', out: 'red', adjustment: 'blue', return: 'cyan', damaged: 'volcano', valuation: 'purple' };

/** A movement type's name in the user's language ('in' → 'In'); an unknown type as it is. */
export function movementLabel(type: string, t: Translate): string {
  const labels: Record<string, string> = {
    in: t('reports.movementTypes.in'),
    out: t('reports.movementTypes.out'),
    adjustment: t('reports.movementTypes.adjustment'),
    return: t('reports.movementTypes.return'),
    damaged: t('reports.movementTypes.damaged'),
    // The ledger's value-only row (an opening value or an admin's revaluation): quantity 0.
    valuation: t('reports.movementTypes.valuation'),
  };
  return labels[type] ?? type;
}

export function MovementTypeTag({ type }: { type: string }) {
  const { t } = useT();
  return (
    <Tag color={COLOURS[type]} bordered={false}>
      {movementLabel(type, t)}
    </Tag>
  );
}
