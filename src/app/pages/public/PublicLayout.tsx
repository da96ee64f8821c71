import { ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME, LOGIN_ROUTE } from '../../config';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { pickBeforeSignIn } from '../../i18n/picked-language';
import { useT } from '../../i18n/use-t';
import { SectionLink } from './SectionLink';
import './public.css';

/** Header (brand, Home/About/Contact, the language, Login) and footer (terms, privacy) of the public pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <div className="public-page">
      <header className="public-header">
        <Link to="/" className="public-brand" aria-label={APP_NAME}>
          <ShopOutlined style={{ fontSize: 22, color: '#389e0d' }} />
          <span className="public-brand-name">{APP_NAME}</span>
        </Link>
        <nav className="public-nav" aria-label={t('public.nav.label')}>
          <SectionLink id="home">{t('public.nav.home')}</SectionLink>
          <SectionLink id="about">{t('public.nav.about')}</SectionLink>
          <SectionLink id="contact">{t('public.nav.contact')}</SectionLink>
        </nav>
        <div className="public-actions">
          {/* Nobody is signed in here: the choice is kept in this browser. */}
          <LanguageSwitch onChosen={pickBeforeSignIn} />
          <Button type="primary" onClick={() => navigate(LOGIN_ROUTE)}>
            {t('login.title')}
          </Button>
        </div>
      </header>
      <main className="public-main">{children}</main>
      <footer className="public-footer">
        <Link to="/terms">{t('public.terms.title')}</Link>
        <Link to="/privacy">{t('public.privacy.title')}</Link>
        <span>{t('public.footer.copyright', { year: new Date().getFullYear(), name: APP_NAME })}</span>
      </footer>
    </div>
  );
}
