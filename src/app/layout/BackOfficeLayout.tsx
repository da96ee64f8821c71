import { ThemedLayout } from '@refinedev/antd';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { useRefreshAccessOnNavigation } from './use-refresh-access-on-navigation';

// ThemedLayout calls its Sider as a plain function to see whether one exists: hand it a hook-free wrapper.
const Sider = () => <AppSider />;

/** Refine's themed layout with our sidebar and header around every back-office page. */
export default function BackOfficeLayout() {
  useRefreshAccessOnNavigation();
  return (
    <ThemedLayout Sider={Sider} Header={AppHeader}>
      <Outlet />
    </ThemedLayout>
  );
}
