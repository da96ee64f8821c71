import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_SUMMARY_MESSAGE, loginFieldProblem, type LoginInput } from '../../../domain/login-rules';
import { authProvider } from '../../providers/sign-in';
import { AuthCard } from './AuthCard';
import { useT } from '../../i18n/use-t';
import { safeRedirect } from './safe-redirect';

type Field = keyof LoginInput;

const UserIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
  </svg>
);
const LockIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M17 9V7a5 5 0 0 0-10 0v2H5v13h14V9zm-8 0V7a3 3 0 0 1 6 0v2zm3 5a2 2 0 0 1 1 3.7V20h-2v-2.3A2 2 0 0 1 12 14z" />
  </svg>
);

function InputField(props: {
  id: Field;
  label: string;
  type: string;
  placeholder: string;
  autoComplete: string;
  icon: ReactNode;
  value: string;
  error?: string;
  disabled: boolean;
  autoFocus?: boolean;
  suffix?: ReactNode;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.error ? 'auth-field has-error' : 'auth-field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="auth-input">
        {props.icon}
        <input
          id={props.id}
          name={props.id}
          type={props.type}
          placeholder={props.placeholder}
          autoComplete={props.autoComplete}
          value={props.value}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          aria-invalid={!!props.error}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
        />
        {props.suffix}
      </div>
      {props.error && (
        <div id={errorId} className="auth-error">
          {props.error}
        </div>
      )}
    </div>
  );
}

/**
 * `/login` (SPEC.md sections 2 and 5): messages word for word from the shared login rules. It needs no back-office
 * code (it signs in through the auth provider alone), and a successful sign-in loads the back-office afresh at the
 * page asked for: nothing of a previous session or of the public pages stays in memory.
 */
export default function LoginPage() {
  const [values, setValues] = useState<LoginInput>({ emailOrPhone: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [params] = useSearchParams();
  const { t, tx } = useT();

  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Like antd's form: a field once flagged is checked again as it is edited.
    if (errors[field] !== undefined) setErrors((e) => ({ ...e, [field]: loginFieldProblem(field, value) ?? undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSummary(null);
    setServerError(null);
    const found = {
      emailOrPhone: loginFieldProblem('emailOrPhone', values.emailOrPhone) ?? undefined,
      password: loginFieldProblem('password', values.password) ?? undefined,
    };
    setErrors(found);
    if (found.emailOrPhone || found.password) {
      setSummary(LOGIN_SUMMARY_MESSAGE);
      return;
    }
    setPending(true);
    const result = await authProvider.login({ emailOrPhone: values.emailOrPhone.trim(), password: values.password });
    if (!result.success) {
      setPending(false);
      setServerError(result.error?.message ?? t('login.failed'));
      return;
    }
    window.location.replace(safeRedirect(params.get('to')) ?? result.redirectTo ?? '/');
  };

  return (
    <AuthCard title={t('login.title')}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {(summary || serverError) && (
          <div className="auth-alert" role="alert">
            {tx(serverError ?? summary ?? '')}
          </div>
        )}
        <InputField
          id="emailOrPhone"
          label={t('login.idLabel')}
          type="text"
          placeholder={t('login.idPlaceholder')}
          autoComplete="username"
          icon={<UserIcon />}
          value={values.emailOrPhone}
          error={errors.emailOrPhone && tx(errors.emailOrPhone)}
          disabled={isPending}
          autoFocus
          onChange={change('emailOrPhone')}
        />
        <InputField
          id="password"
          label={t('login.passwordLabel')}
          type={showPassword ? 'text' : 'password'}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          icon={<LockIcon />}
          value={values.password}
          error={errors.password && tx(errors.password)}
          disabled={isPending}
          onChange={change('password')}
          suffix={
            <button type="button" onClick={() => setShowPassword((s) => !s)} aria-pressed={showPassword}>
              {showPassword ? t('login.hidePassword') : t('login.showPassword')}
            </button>
          }
        />
        <div className="auth-forgot">
          <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
        </div>
        <button type="submit" className="auth-submit" disabled={isPending}>
          {isPending ? t('login.submitting') : t('login.title')}
        </button>
      </form>
    </AuthCard>
  );
}
