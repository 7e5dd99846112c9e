import { SMS_PROVIDERS, type SmsSettings } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { messagingKeys, messagingQueries, saveSmsSettings, sendTestSms } from '../../../shared/api/outbox.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { SecretField } from './SecretField.tsx';
import { TransportForm, useSaveTransport } from './TransportForm.tsx';

type Provider = SmsSettings['provider'];
type Values = {
  provider: Provider;
  aliyun: Omit<SmsSettings['aliyun'], 'accessKeySecret'> & { accessKeySecret?: string };
  tencent: Omit<SmsSettings['tencent'], 'secretKey'> & { secretKey?: string };
};

const TOKEN = /^[A-Za-z0-9_.-]*$/;

/** A one-line text field of a provider. */
function Field({ name, label, placeholder }: { name: string[]; label: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={name.at(-1) === 'signName' ? [] : [{ pattern: TOKEN, message: t('center.invalidFormat') }]}
    >
      <Input placeholder={placeholder} autoComplete="off" maxLength={64} />
    </Form.Item>
  );
}

function SmsForm({ settings, editable }: { settings: SmsSettings; editable: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const provider = Form.useWatch('provider', form) ?? settings.provider;
  // A saved secret belongs to its key id: with the id changed it must be typed again.
  const aliyunId = Form.useWatch(['aliyun', 'accessKeyId'], form) ?? settings.aliyun.accessKeyId;
  const tencentId = Form.useWatch(['tencent', 'secretId'], form) ?? settings.tencent.secretId;
  const reenter = (changed: boolean) => (changed ? t('center.secret.reenterKeyId') : undefined);
  const { save, saving } = useSaveTransport(form, {
    mutationFn: saveSmsSettings,
    queryKey: messagingKeys.sms,
    secrets: [
      ['aliyun', 'accessKeySecret'],
      ['tencent', 'secretKey'],
    ],
  });

  const onFinish = (values: Values) => {
    // Hidden providers' fields are not in `values`: send the saved ones so switching keeps them.
    const { accessKeySecret, ...aliyun } = { ...settings.aliyun, ...form.getFieldValue('aliyun') };
    const { secretKey, ...tencent } = { ...settings.tencent, ...form.getFieldValue('tencent') };
    return save({
      provider: values.provider,
      aliyun: { ...aliyun, ...(typeof accessKeySecret === 'string' && { accessKeySecret }) },
      tencent: { ...tencent, ...(typeof secretKey === 'string' && { secretKey }) },
    });
  };

  const { accessKeySecret: _a, ...aliyun } = settings.aliyun;
  const { secretKey: _s, ...tencent } = settings.tencent;

  return (
    <TransportForm
      form={form}
      configured={settings.configured}
      status={
        settings.configured
          ? t('center.sms.configured', { provider: t(`center.sms.providers.${settings.provider}`) })
          : t('center.sms.outbox')
      }
      editable={editable}
      saving={saving}
      onFinish={onFinish}
      preserve
      initialValues={{ provider: settings.provider, aliyun, tencent }}
      test={{ send: sendTestSms, label: t('center.sms.testTo'), placeholder: '+8613800000000' }}
    >
      <Form.Item name="provider" label={t('center.sms.provider')}>
        <Radio.Group
          optionType="button"
          options={SMS_PROVIDERS.map((value) => ({ value, label: t(`center.sms.providers.${value}`) }))}
        />
      </Form.Item>
      {provider === 'aliyun' && (
        <>
          <Field name={['aliyun', 'accessKeyId']} label="AccessKey ID" />
          <Form.Item name={['aliyun', 'accessKeySecret']} label="AccessKey Secret">
            <SecretField
              state={settings.aliyun.accessKeySecret}
              disabled={!editable}
              reenter={reenter(aliyunId !== settings.aliyun.accessKeyId)}
            />
          </Form.Item>
          <Field name={['aliyun', 'signName']} label={t('center.sms.signName')} />
          <Field
            name={['aliyun', 'templateCode', 'code']}
            label={t('center.sms.codeTemplate')}
            placeholder="SMS_123456789"
          />
          <Field
            name={['aliyun', 'templateCode', 'notification']}
            label={t('center.sms.notificationTemplate')}
            placeholder="SMS_123456789"
          />
        </>
      )}
      {provider === 'tencent' && (
        <>
          <Field name={['tencent', 'secretId']} label="SecretId" />
          <Form.Item name={['tencent', 'secretKey']} label="SecretKey">
            <SecretField
              state={settings.tencent.secretKey}
              disabled={!editable}
              reenter={reenter(tencentId !== settings.tencent.secretId)}
            />
          </Form.Item>
          <Flex gap={16} wrap>
            <div style={{ flex: '1 1 200px' }}>
              <Field name={['tencent', 'sdkAppId']} label="SDK AppID" placeholder="1400000000" />
            </div>
            <div style={{ flex: '1 1 200px' }}>
              <Field name={['tencent', 'region']} label={t('center.sms.region')} placeholder="ap-guangzhou" />
            </div>
          </Flex>
          <Field name={['tencent', 'signName']} label={t('center.sms.signName')} />
          <Field name={['tencent', 'templateId', 'code']} label={t('center.sms.codeTemplate')} />
          <Field
            name={['tencent', 'templateId', 'notification']}
            label={t('center.sms.notificationTemplate')}
          />
        </>
      )}
      {provider !== 'none' && (
        <Alert showIcon type="info" title={t('center.sms.templateHint')} style={{ marginBottom: 16 }} />
      )}
    </TransportForm>
  );
}

/** Outgoing SMS by Alibaba Cloud or Tencent Cloud; keys are write-only. With none, SMS stays in the outbox. */
export function SmsSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(messagingQueries.sms());
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && <SmsForm settings={query.data} editable={editable} />}
    </QueryContent>
  );
}
