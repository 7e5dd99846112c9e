import { type NotificationSettings as Choices, STAFF_EVENTS, type StaffEvent } from '@cool/shared';
import { Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { ItemList } from '../../../shared/ui/ItemList.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useNotificationChoices, useSaveNotifications } from '../api.ts';

/**
 * The template's three switches, mapped to the events the server mails about: messages from other users =
 * new alerts (participants' records), system messages = refunds made or failed, to-do = sign-ups to approve.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { message } = useNotices();
  const query = useNotificationChoices();
  const save = useSaveNotifications();

  const toggle = async (event: StaffEvent, on: boolean) => {
    if (!query.data) return;
    try {
      await save({ ...query.data, [event]: on } as Choices);
      message.success(t('account.settings.notification.saved'));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  return (
    <QueryContent query={query} errorTitle={t('account.settings.notificationsFailed')}>
      <Typography.Paragraph type="secondary">{t('account.settings.notification.hint')}</Typography.Paragraph>
      <ItemList
        label={t('account.settings.menu.notification')}
        loading={query.isPending}
        rows={STAFF_EVENTS.map((event) => ({
          key: event,
          title: t(`account.settings.notification.${event}`),
          description: t(`account.settings.notification.${event}Text`),
          actions: (
            <Switch
              checked={query.data?.[event] ?? false}
              onChange={(on) => toggle(event, on)}
              aria-label={t(`account.settings.notification.${event}`)}
            />
          ),
        }))}
      />
    </QueryContent>
  );
}
