import { useThemedLayoutContext } from '@refinedev/antd';
import { useMenu } from '@refinedev/core';
import { Drawer, Layout, Menu, theme } from 'antd';
import { AppTitle } from './AppTitle';
import { buildMenuItems, groupKeys, leafNames, LOGOUT_KEY } from './sider-items';
import { useLogoutAction } from './use-logout-action';
import { useMenuAccess } from './use-menu-access';
import { usePhoneLayout } from './use-phone-layout';

const SIDER_WIDTH = 256;

/** SPEC.md section 2 sidebar, built from the resource declarations through Refine's useMenu; a drawer on a phone. */
export function AppSider() {
  const { token } = theme.useToken();
  const { siderCollapsed, setSiderCollapsed, mobileSiderOpen, setMobileSiderOpen } = useThemedLayoutContext();
  const { menuItems, selectedKey } = useMenu();
  const access = useMenuAccess(leafNames(menuItems));
  const logout = useLogoutAction();
  const phone = usePhoneLayout();

  const menu = (
    <Menu
      mode="inline"
      inlineIndent={16}
      items={buildMenuItems(menuItems, access)}
      selectedKeys={selectedKey ? [selectedKey] : []}
      defaultOpenKeys={groupKeys(menuItems)}
      onClick={({ key }) => {
        setMobileSiderOpen(false);
        if (key === LOGOUT_KEY) logout();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );

  if (phone) {
    return (
      <Drawer
        open={mobileSiderOpen}
        onClose={() => setMobileSiderOpen(false)}
        placement="left"
        width={SIDER_WIDTH}
        closable={false}
        styles={{ body: { padding: 0 } }}
        aria-label="Menu"
      >
        <AppTitle collapsed={false} />
        {menu}
      </Drawer>
    );
  }
  return (
    <Layout.Sider
      collapsible
      collapsed={siderCollapsed}
      onCollapse={setSiderCollapsed}
      breakpoint="lg"
      width={SIDER_WIDTH}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}
    >
      <AppTitle collapsed={siderCollapsed} />
      {menu}
    </Layout.Sider>
  );
}
