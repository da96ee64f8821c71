import { Flex, Typography } from 'antd';
import { useT } from '../i18n/use-t';

/**
 * A document's totals under its lines, right-aligned: always in view, where a total row of a table that scrolls
 * sideways on a phone would be off the screen. Their labels (declared, English) in the user's language.
 */
export function DocumentTotals({ totals }: { totals: { key: string; label: string; text: string }[] }) {
  const { tx } = useT();
  if (!totals.length) return null;
  return (
    <Flex vertical align="flex-end" gap={2} style={{ marginTop: 8 }}>
      {totals.map((total) => (
        <Typography.Text key={total.key} strong>
          {`${tx(total.label)}: `}
          <span data-testid={`total-${total.key}`}>{total.text}</span>
        </Typography.Text>
      ))}
    </Flex>
  );
}
