import { MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useThemedLayoutContext } from '@refinedev/antd';
import { useGetIdentity } from '@refinedev/core';
import { Avatar, Button, Layout, Space, Tag, theme, Typography } from 'antd';
import { isBuiltinRole } from '../../domain/roles';
import { useAccessPolicy } from '../access/use-access-policy';
import type { Identity } from '../providers/auth-provider';
import { usePhoneLayout } from './use-phone-layout';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { useT } from '../i18n/use-t';
import { saveUserLanguage } from '../providers/sign-in';

/**
 * The signed-in user's name and role, as the admin labelled it (the access policy's role_label: a custom role's
 * 'Store auditor', not its slug); on a phone, the button that opens the menu.
 */
export function AppHeader() {
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<Identity>();
  const policyLabel = useAccessPolicy()?.role_label;
  // Until the policy arrives, a built-in role's own label; a custom role's slug is never shown.
  const roleLabel = policyLabel ?? (user && isBuiltinRole(user.role) ? user.roleLabel : undefined);
  const { setMobileSiderOpen } = useThemedLayoutContext();
  const phone = usePhoneLayout();
  const { t, tx } = useT();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        justifyContent: phone ? 'space-between' : 'flex-end',
        alignItems: 'center',
        gap: 12,
        padding: phone ? '0 12px' : '0 24px',
        height: 64,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {phone && <Button type="text" icon={<MenuOutlined />} aria-label={t('shell.openMenu')} onClick={() => setMobileSiderOpen(true)} />}
      <Space size="middle" align="center" style={{ minWidth: 0 }}>
        <LanguageSwitch onChosen={(language) => void saveUserLanguage(language)} />
        {user && (
          <Space size="middle" align="center" data-testid="current-user" style={{ minWidth: 0, lineHeight: 1.5 }}>
            <Avatar icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} />
            <Typography.Text strong ellipsis style={{ maxWidth: phone ? 140 : undefined }}>
              {user.name}
            </Typography.Text>
            {roleLabel && (
              <Tag color={user.role === 'admin' ? 'green' : 'blue'} data-testid="current-role">
                {tx(roleLabel)}
              </Tag>
            )}
          </Space>
        )}
      </Space>
    </Layout.Header>
  );
}
