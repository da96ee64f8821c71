import { Alert } from 'antd';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../config';
import { AuthCard } from './AuthCard';

/** Staff passwords are not reset by e-mail: an admin sets a new one in User Management. */
export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot password?">
      <p style={{ marginTop: 0, marginBottom: 16 }}>
        Back-office passwords are reset by an administrator. Ask an admin to open <strong>User Listing</strong> (User Management), edit your user and type a new
        password; then sign in with it.
      </p>
      <Alert
        type="info"
        showIcon
        message={
          <>
            Cannot reach an admin? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </>
        }
        style={{ marginBottom: 16 }}
      />
      <Link to="/login">Back to login</Link>
    </AuthCard>
  );
}
