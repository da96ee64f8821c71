import { Alert } from 'antd';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../config';
import { useT } from '../../i18n/use-t';
import { AuthCard } from './AuthCard';

/** Staff passwords are not reset by e-mail: an admin sets a new one in User Management. */
export default function ForgotPasswordPage() {
  const { t } = useT();
  return (
    <AuthCard title={t('login.forgotPassword')}>
      <p style={{ marginTop: 0, marginBottom: 16 }}>
        <Trans i18nKey="forgotPassword.body" components={{ strong: <strong /> }} />
      </p>
      <Alert
        type="info"
        showIcon
        message={<Trans i18nKey="forgotPassword.noAdmin" values={{ email: SUPPORT_EMAIL }} components={{ mail: <a href={`mailto:${SUPPORT_EMAIL}`} /> }} />}
        style={{ marginBottom: 16 }}
      />
      <Link to="/login">{t('forgotPassword.back')}</Link>
    </AuthCard>
  );
}
