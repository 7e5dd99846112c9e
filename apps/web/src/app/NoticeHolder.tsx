import { message, notification } from 'antd';
import { useLayoutEffect } from 'react';
import { connectNotices } from '../shared/ui/notices.ts';

/**
 * Shows notices outside the console (loaded on the first one): antd's holders, themed by ConfigProvider. The
 * console's own holder, when shown, comes first.
 */
export default function NoticeHolder() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useLayoutEffect(
    () => connectNotices({ message: messageApi, notification: notificationApi }, 'under'),
    [messageApi, notificationApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
