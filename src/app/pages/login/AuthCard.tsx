import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../config';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { pickBeforeSignIn } from '../../i18n/picked-language';
import './auth.css';

/** The basket of the favicon: the brand mark without an icon library. */
export function BrandMark() {
  return (
    <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#389e0d" />
      <path d="M9 12h14l-1.6 10.2a2 2 0 0 1-2 1.8h-6.8a2 2 0 0 1-2-1.8z M12 12a4 4 0 0 1 8 0" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}

/**
 * The centred card of the login and forgot-password pages, in plain elements: /login is the first page anyone
 * loads, and antd's components (with their runtime styles) would triple what it downloads and runs.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-card">
        <div className="auth-top">
          <Link to="/" className="auth-brand">
            <BrandMark />
            <span>{APP_NAME}</span>
          </Link>
          <LanguageSwitch onChosen={pickBeforeSignIn} />
        </div>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
