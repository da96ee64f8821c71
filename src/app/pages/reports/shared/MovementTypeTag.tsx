import { Tag } from 'antd';

const COLOURS: Record<string, string> = { in: 'green', out: 'red', adjustment: 'blue', return: 'cyan', damaged: 'volcano' };
export const MOVEMENT_LABELS: Record<string, string> = { in: 'In', out: 'Out', adjustment: 'Adjustment', return: 'Return', damaged: 'Damaged' };

export function MovementTypeTag({ type }: { type: string }) {
  return (
    <Tag color={COLOURS[type]} bordered={false}>
      {MOVEMENT_LABELS[type] ?? type}
    </Tag>
  );
}
