import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useGo, useInvalidateAuthStore, useLogin, useParsed } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_SUMMARY_MESSAGE, loginSchema, type LoginInput } from '../../../domain/schemas/auth';
import { AuthCard } from './AuthCard';
import { safeRedirect } from './safe-redirect';
import { zodRule } from './zod-rule';

/** `/login` (SPEC.md sections 2 and 5): messages word for word from the shared login schema. */
export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const [summary, setSummary] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { params } = useParsed<{ to?: string }>();
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  const { mutate: login, isPending } = useLogin<LoginInput>({
    mutationOptions: {
      // Errors are shown on the form, not as a notification; the redirect honours `?to=` safely.
      onSuccess: (result) => {
        if (!result.success) {
          setServerError(result.error?.message ?? 'Login failed. Please try again.');
          return;
        }
        go({ to: safeRedirect(params?.to) ?? result.redirectTo ?? '/', type: 'replace' });
        void invalidateAuthStore();
      },
    },
  });

  const onFinish = (values: LoginInput) => {
    setSummary(null);
    setServerError(null);
    login({ emailOrPhone: values.emailOrPhone.trim(), password: values.password });
  };

  return (
    <AuthCard title="Login">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onFinishFailed={() => setSummary(LOGIN_SUMMARY_MESSAGE)}
        disabled={isPending}
      >
        {(summary || serverError) && (
          <Alert type="error" showIcon message={serverError ?? summary} style={{ marginBottom: 16 }} role="alert" />
        )}
        <Form.Item label="Email or mobile number" name="emailOrPhone" rules={[zodRule(loginSchema.shape.emailOrPhone)]}>
          <Input prefix={<UserOutlined />} placeholder="email or mobile number" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[zodRule(loginSchema.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} placeholder="password" autoComplete="current-password" />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -8, marginBottom: 16 }}>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Form>
    </AuthCard>
  );
}
