import { Card, Col, Flex, Row, Typography, type FormListFieldData } from 'antd';
import type { ZodType } from 'zod';
import { useT } from '../../i18n/use-t';
import type { FieldDeclaration, LinesDeclaration } from '../../resources/types';
import type { Tx } from '../texts';
import { inferInput } from '../zod-fields';
import { LineFigure, LineInput, RemoveLineButton } from './line-parts';

type LineValues = Record<string, unknown> | undefined;

type Props = {
  /** The lines field's label, in the user's language. */
  label: string;
  items: FormListFieldData[];
  lines: LinesDeclaration;
  shape: Record<string, ZodType>;
  /** The rows as typed so far, for each row's figures. */
  rows: readonly LineValues[];
  onRemove: (name: number) => void;
  tx: Tx;
};

/** Two numbers side by side (quantity, unit cost); a picker, a text or a day takes the card's width. */
const spanOf = (field: FieldDeclaration, schema: ZodType | undefined) => ((field.input ?? (schema && inferInput(schema))) === 'number' ? 12 : 24);

/**
 * A document's lines on a phone: a card per line, its inputs stacked under their labels, its figures and Remove at its
 * foot (after the inputs, in the order Tab takes), so nothing to type is off the side of the screen.
 */
export function LineCards({ label, items, lines, shape, rows, onRemove, tx }: Props) {
  const { t } = useT();
  const item = tx(lines.itemLabel);
  if (!items.length) return <Typography.Text type="secondary">{t('crud.lines.none', { entity: label.toLowerCase() })}</Typography.Text>;
  return (
    <Flex vertical gap={8} role="list" aria-label={label}>
      {items.map(({ key, name }, index) => (
        <Card key={key} size="small" role="listitem" aria-label={`${item} ${index + 1}`} title={`${item} ${index + 1}`}>
          <Row gutter={[8, 8]}>
            {lines.fields.map((field) => (
              <Col key={field.name} span={spanOf(field, shape[field.name])}>
                <LineInput field={field} schema={shape[field.name]} name={name} index={index} itemLabel={item} label={tx(field.label)} />
              </Col>
            ))}
          </Row>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 8 }}>
            <Flex vertical>
              {lines.totals.map((total) => (
                <Typography.Text key={total.key}>
                  {`${tx(total.label)}: `}
                  <LineFigure row={rows[name]} total={total} />
                </Typography.Text>
              ))}
            </Flex>
            <RemoveLineButton itemLabel={item} index={index} onRemove={() => onRemove(name)} withText />
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
