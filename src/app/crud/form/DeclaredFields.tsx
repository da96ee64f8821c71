import { Alert, Col, Row } from 'antd';
import { useT } from '../../i18n/use-t';
import type { DeclaredFormDeclaration, FormMode } from '../../resources/types';
import { DeclaredField } from './DeclaredField';

type Props = { form: DeclaredFormDeclaration; mode: FormMode; submitError: string | null };

/** The server's refusal above the declared fields, two to a row on a wide screen. */
export function DeclaredFields({ form, mode, submitError }: Props) {
  const { tx } = useT();
  return (
    <>
      {submitError && <Alert type="error" showIcon role="alert" message={tx(submitError)} style={{ marginBottom: 16 }} />}
      <Row gutter={24}>
        {form.fields.map((field) => (
          <Col key={field.name} xs={24} md={field.wide ? 24 : 12}>
            <DeclaredField field={field} schema={form.schemas[mode]} mode={mode} />
          </Col>
        ))}
      </Row>
    </>
  );
}
