import { useNotificationProvider as useAntdNotificationProvider } from '@refinedev/antd';
import type { NotificationProvider } from '@refinedev/core';
import { notificationInLanguage, readableNotification } from '../crud/form/notifications';
import { txNow } from '../crud/texts';

/**
 * Refine's antd notifications, every error notice made readable first (crud/form/notifications.ts), and every one in
 * the user's language: a catalogue default ('Failed to fetch cities') or a message of ours handed over in English is
 * translated as the notice opens.
 */
export function useNotificationProvider(): NotificationProvider {
  const antd = useAntdNotificationProvider();
  return { open: (params) => antd.open(notificationInLanguage(readableNotification(params), txNow)), close: antd.close };
}
