import { CloseOutlined } from '@ant-design/icons';
import { useNotificationProvider as useAntdNotificationProvider } from '@refinedev/antd';
import type { NotificationProvider } from '@refinedev/core';
import { App } from 'antd';
import { notificationInLanguage, readableNotification } from '../crud/form/notifications';
import { txNow } from '../crud/texts';

/**
 * Refine's antd notifications, every error notice made readable first (crud/form/notifications.ts), and every one in
 * the user's language: a catalogue default ('Failed to fetch cities') or a message of ours handed over in English is
 * translated as the notice opens. A notice is opened here rather than by Refine's provider only to name its close
 * button in that language too (rc-notification names it 'Close' whatever the locale); an undoable one (with its
 * countdown) stays Refine's.
 */
export function useNotificationProvider(): NotificationProvider {
  const refine = useAntdNotificationProvider();
  const { notification } = App.useApp();
  return {
    open: (params) => {
      const { key, message, description, type } = notificationInLanguage(readableNotification(params), txNow);
      if (type === 'progress') return refine.open({ ...params, message, description });
      notification.open({
        key,
        description: message,
        message: description ?? null,
        type,
        closable: {
          'aria-label': txNow('Close'),
          closeIcon: (
            <span className="ant-notification-notice-close-x">
              <CloseOutlined className="ant-notification-notice-close-icon" />
            </span>
          ),
        },
      });
    },
    close: refine.close,
  };
}
