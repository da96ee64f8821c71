import { Card, Typography } from 'antd';
import { PublicLayout } from './PublicLayout';

export type LegalSection = { heading: string; text: string };

/** Layout shared by the terms and privacy pages. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  return (
    <PublicLayout>
      <Card>
        <Typography>
          <Typography.Title>{title}</Typography.Title>
          {sections.map((section) => (
            <section key={section.heading}>
              <Typography.Title level={3}>{section.heading}</Typography.Title>
              <Typography.Paragraph>{section.text}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
      </Card>
    </PublicLayout>
  );
}
