import { Modal, message, notification } from 'antd';
import { useLayoutEffect } from 'react';
import { connectNotices } from '../shared/ui/notices.ts';

/**
 * Shows the app's notices and confirm dialogs (loaded with the first one): antd's holders, themed by the
 * ConfigProvider around them and outside the console, so a notice outlives a sign-out.
 */
export default function NoticeHolder() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useLayoutEffect(
    () => connectNotices({ message: messageApi, notification: notificationApi, modal: modalApi }),
    [messageApi, notificationApi, modalApi],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
