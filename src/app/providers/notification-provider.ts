import { useNotificationProvider as useAntdNotificationProvider } from '@refinedev/antd';
import type { NotificationProvider } from '@refinedev/core';
import { readableNotification } from '../crud/form/notifications';

/** Refine's antd notifications, every error notice made readable first (crud/form/notifications.ts). */
export function useNotificationProvider(): NotificationProvider {
  const antd = useAntdNotificationProvider();
  return { open: (params) => antd.open(readableNotification(params)), close: antd.close };
}
