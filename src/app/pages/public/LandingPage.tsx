import { ClockCircleOutlined, MailOutlined, ShopOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../../config';
import { useT } from '../../i18n/use-t';
import { PublicLayout } from './PublicLayout';

const { Title, Paragraph, Text } = Typography;

type Translate = ReturnType<typeof useT>['t'];

const features = (t: Translate): { key: string; icon: ReactNode; title: string; text: string }[] => [
  { key: 'warehouses', icon: <ShopOutlined />, title: t('public.features.warehousesTitle'), text: t('public.features.warehouses') },
  { key: 'catalogue', icon: <ShoppingCartOutlined />, title: t('public.features.catalogueTitle'), text: t('public.features.catalogue') },
  { key: 'delivery', icon: <ThunderboltOutlined />, title: t('public.features.deliveryTitle'), text: t('public.features.delivery') },
];

/** `/`: sections Home, About and Contact (SPEC.md sections 1 and 2); also where logout lands. */
export default function LandingPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { t } = useT();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);

  return (
    <PublicLayout>
      <section id="home" className="landing-section landing-hero">
        <Title>{t('public.hero.title')}</Title>
        <Paragraph type="secondary">{t('public.hero.text')}</Paragraph>
        <Space size="middle" wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" size="large" onClick={() => navigate('/coming-soon')}>
            {t('public.hero.getApp')}
          </Button>
          <Button size="large" onClick={() => navigate('/login')}>
            {t('public.hero.staffLogin')}
          </Button>
        </Space>
      </section>

      <section id="about" className="landing-section">
        <Title level={2}>{t('public.about.title')}</Title>
        <Paragraph>{t('public.about.text')}</Paragraph>
        <Row gutter={[16, 16]}>
          {features(t).map((feature) => (
            <Col xs={24} md={8} key={feature.key}>
              <Card>
                <Space direction="vertical">
                  <Text style={{ fontSize: 28, color: '#389e0d' }}>{feature.icon}</Text>
                  <Title level={4} style={{ margin: 0 }}>
                    {feature.title}
                  </Title>
                  <Text type="secondary">{feature.text}</Text>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      </section>

      <section id="contact" className="landing-section">
        <Title level={2}>{t('public.contact.title')}</Title>
        <Card>
          <Space direction="vertical" size="middle">
            <Text>
              <MailOutlined /> {t('public.contact.email')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </Text>
            <Text>
              <ClockCircleOutlined /> {t('public.contact.hoursLabel')} {t('public.contact.hours')}
            </Text>
          </Space>
        </Card>
      </section>
    </PublicLayout>
  );
}
