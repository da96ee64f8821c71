import { ClockCircleOutlined, MailOutlined, ShopOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SUPPORT_EMAIL } from '../../config';
import { PublicLayout } from './PublicLayout';

const { Title, Paragraph, Text } = Typography;

export const SUPPORT_HOURS = '9:00 AM to 8:00 PM, Monday to Saturday';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  { icon: <ShopOutlined />, title: 'Local warehouses', text: 'Stock is kept in warehouses in every city we serve, close to our customers.' },
  { icon: <ShoppingCartOutlined />, title: 'A wide catalogue', text: 'Fresh produce, staples, household and personal-care products in one order.' },
  { icon: <ThunderboltOutlined />, title: 'Fast delivery', text: 'Orders leave the nearest warehouse and reach the door the same day.' },
];

/** `/`: sections Home, About and Contact (SPEC.md sections 1 and 2); also where logout lands. */
export default function LandingPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
  }, [hash]);

  return (
    <PublicLayout>
      <section id="home" className="landing-section landing-hero">
        <Title>Groceries and daily essentials, delivered from your neighbourhood</Title>
        <Paragraph type="secondary">Fresh produce, staples and household needs from a warehouse near you.</Paragraph>
        <Space size="middle">
          <Button type="primary" size="large" onClick={() => navigate('/coming-soon')}>
            Get the app
          </Button>
          <Button size="large" onClick={() => navigate('/login')}>
            Staff login
          </Button>
        </Space>
      </section>

      <section id="about" className="landing-section">
        <Title level={2}>About us</Title>
        <Paragraph>
          We are a hyperlocal grocery and retail delivery business. Our teams manage the catalogue, the warehouses and their stock city by city, so what you
          order is on the shelf near you.
        </Paragraph>
        <Row gutter={[16, 16]}>
          {FEATURES.map((feature) => (
            <Col xs={24} md={8} key={feature.title}>
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
        <Title level={2}>Contact us</Title>
        <Card>
          <Space direction="vertical" size="middle">
            <Text>
              <MailOutlined /> Support e-mail: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </Text>
            <Text>
              <ClockCircleOutlined /> Support hours: {SUPPORT_HOURS}
            </Text>
          </Space>
        </Card>
      </section>
    </PublicLayout>
  );
}
