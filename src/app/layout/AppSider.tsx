import { useThemedLayoutContext } from '@refinedev/antd';
import { useMenu } from '@refinedev/core';
import { Layout, Menu, theme } from 'antd';
import { AppTitle } from './AppTitle';
import { buildMenuItems, groupKeys, leafNames, LOGOUT_KEY } from './sider-items';
import { useLogoutAction } from './use-logout-action';
import { useMenuAccess } from './use-menu-access';

/** SPEC.md section 2 sidebar, built from the resource declarations through Refine's useMenu. */
export function AppSider() {
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed } = useThemedLayoutContext();
  const { menuItems, selectedKey } = useMenu();
  const access = useMenuAccess(leafNames(menuItems));
  const logout = useLogoutAction();

  return (
    <Layout.Sider
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={256}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
    >
      <AppTitle collapsed={siderCollapsed} />
      <Menu
        mode="inline"
        inlineIndent={16}
        items={buildMenuItems(menuItems, access)}
        selectedKeys={selectedKey ? [selectedKey] : []}
        defaultOpenKeys={groupKeys(menuItems)}
        onClick={({ key }) => key === LOGOUT_KEY && logout()}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}
