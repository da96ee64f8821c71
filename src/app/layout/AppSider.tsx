import { useThemedLayoutContext } from '@refinedev/antd';
import { useMenu } from '@refinedev/core';
import { Drawer, Layout, Menu, theme } from 'antd';
import type { CSSProperties } from 'react';
import { AppTitle } from './AppTitle';
import { buildMenuItems, groupKeys, leafNames, LOGOUT_KEY, logoutItems } from './sider-items';
import { useLogoutAction } from './use-logout-action';
import { useMenuAccess } from './use-menu-access';
import { usePhoneLayout } from './use-phone-layout';
import { useT } from '../i18n/use-t';
import './sider.css';

const SIDER_WIDTH = 256;
const INDENT = 16;

/**
 * SPEC.md section 2 sidebar, built from the resource declarations through Refine's useMenu; a drawer on a phone. The
 * sidebar is as tall as the window: its entries scroll inside it when they do not fit, and Logout, which ends the
 * Setting group, stays in view below them (indented as the group's entries).
 */
export function AppSider() {
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext();
  const { menuItems, selectedKey } = useMenu();
  const access = useMenuAccess(leafNames(menuItems));
  const logout = useLogoutAction();
  const phone = usePhoneLayout();
  const { t, tx } = useT();

  const onClick = ({ key }: { key: string }) => {
    setMobileSiderOpen(false);
    if (key === LOGOUT_KEY) logout();
  };
  const entries = (
    <div className="app-sider-entries">
      <Menu
        mode="inline"
        inlineIndent={INDENT}
        items={buildMenuItems(menuItems, access, tx)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        defaultOpenKeys={groupKeys(menuItems)}
        onClick={onClick}
        style={{ borderInlineEnd: 'none' }}
      />
    </div>
  );
  const logoutMenu = (
    <Menu
      mode="inline"
      inlineIndent={2 * INDENT}
      selectable={false}
      items={logoutItems(menuItems, t('buttons.logout'))}
      onClick={onClick}
      style={{ borderInlineEnd: 'none', flex: 'none' }}
    />
  );
  const column: CSSProperties = { display: 'flex', flexDirection: 'column', height: '100%' };
  const focusRing = { '--app-focus-ring': token.colorPrimary } as CSSProperties;

  if (phone) {
    return (
      <Drawer
        open={mobileSiderOpen}
        onClose={() => setMobileSiderOpen(false)}
        placement="left"
        width={SIDER_WIDTH}
        closable={false}
        rootClassName="app-sider"
        styles={{ body: { padding: 0, ...column, ...focusRing } }}
        aria-label={t('shell.menu')}
      >
        <AppTitle collapsed={false} />
        {entries}
        {logoutMenu}
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      className="app-sider"
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={SIDER_WIDTH}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, position: 'sticky', top: 0, height: '100vh', ...focusRing }}
    >
      <div style={column}>
        <AppTitle collapsed={siderCollapsed} />
        {entries}
        {logoutMenu}
      </div>
    </Layout.Sider>
  );
}
