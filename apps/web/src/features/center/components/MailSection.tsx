import { MAIL_SECURITY, type MailSettings } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  messagingKeys,
  messagingQueries,
  saveMailSettings,
  sendTestMail,
} from '../../../shared/api/outbox.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { SecretField } from './SecretField.tsx';
import { TransportForm, useSaveTransport } from './TransportForm.tsx';

interface Values {
  host: string;
  port: number;
  secure: MailSettings['secure'];
  username: string;
  password?: string;
  fromAddress: string;
  fromName: string;
}

/** The usual port of each kind of security, filled in when the kind changes. */
const PORTS = { tls: 465, starttls: 587, none: 25 } as const;

function MailForm({ settings, editable }: { settings: MailSettings; editable: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { save, saving } = useSaveTransport(form, {
    mutationFn: saveMailSettings,
    queryKey: messagingKeys.mail,
    secrets: ['password'],
  });

  // The saved password belongs to the saved host and username: with either changed it must be typed again.
  const host = Form.useWatch('host', form) ?? settings.host;
  const username = Form.useWatch('username', form) ?? settings.username;
  const moved = host !== settings.host || username !== settings.username;

  const onFinish = ({ fromAddress, fromName, password, ...values }: Values) =>
    save({ ...values, ...(password && { password }), from: { address: fromAddress, name: fromName } });

  return (
    <TransportForm
      form={form}
      configured={settings.configured}
      status={t(settings.configured ? 'center.mail.configured' : 'center.mail.outbox')}
      editable={editable}
      saving={saving}
      onFinish={onFinish}
      initialValues={{
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        username: settings.username,
        fromAddress: settings.from.address,
        fromName: settings.from.name,
      }}
      test={{ send: sendTestMail, label: t('center.mail.testTo'), placeholder: 'you@example.com' }}
    >
      <Form.Item name="host" label={t('center.mail.host')} extra={t('center.mail.hostHint')}>
        <Input placeholder="smtp.example.com" autoComplete="off" maxLength={253} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="secure" label={t('center.mail.secure')} style={{ flex: '1 1 200px' }}>
          <Select
            options={MAIL_SECURITY.map((value) => ({ value, label: t(`center.mail.security.${value}`) }))}
            onChange={(value: Values['secure']) => form.setFieldValue('port', PORTS[value])}
          />
        </Form.Item>
        <Form.Item name="port" label={t('center.mail.port')} rules={[{ required: true }]}>
          <InputNumber min={1} max={65535} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Flex>
      <Form.Item name="username" label={t('center.mail.username')}>
        <Input autoComplete="off" maxLength={254} />
      </Form.Item>
      <Form.Item name="password" label={t('center.mail.password')}>
        <SecretField
          state={settings.password}
          disabled={!editable}
          reenter={moved ? t('center.secret.reenterMail') : undefined}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="fromAddress"
          label={t('center.mail.fromAddress')}
          rules={[{ type: 'email', message: t('center.mail.emailInvalid') }]}
          style={{ flex: '1 1 240px' }}
        >
          <Input placeholder="no-reply@example.com" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item name="fromName" label={t('center.mail.fromName')} style={{ flex: '1 1 200px' }}>
          <Input placeholder={t('center.mail.fromNamePlaceholder')} maxLength={80} />
        </Form.Item>
      </Flex>
    </TransportForm>
  );
}

/** Outgoing mail by SMTP; the password is write-only. Without a host, mail stays in the outbox. */
export function MailSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(messagingQueries.mail());
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && <MailForm settings={query.data} editable={editable} />}
    </QueryContent>
  );
}
