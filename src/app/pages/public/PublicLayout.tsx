import { ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME, LOGIN_ROUTE } from '../../config';
import { SectionLink } from './SectionLink';
import './public.css';

/** Header (brand, Home/About/Contact, Login) and footer (terms, privacy) of the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" className="public-brand" aria-label={APP_NAME}>
          <ShopOutlined style={{ fontSize: 22, color: '#389e0d' }} />
          <span className="public-brand-name">{APP_NAME}</span>
        </Link>
        <nav className="public-nav" aria-label="Sections">
          <SectionLink id="home">Home</SectionLink>
          <SectionLink id="about">About</SectionLink>
          <SectionLink id="contact">Contact</SectionLink>
        </nav>
        <Button type="primary" onClick={() => navigate(LOGIN_ROUTE)}>
          Login
        </Button>
      </header>
      <main className="public-main">{children}</main>
      <footer className="public-footer">
        <Link to="/terms">Terms and Conditions</Link>
        <Link to="/privacy">Privacy Policy</Link>
        <span>
          © {new Date().getFullYear()} {APP_NAME}
        </span>
      </footer>
    </div>
  );
}
