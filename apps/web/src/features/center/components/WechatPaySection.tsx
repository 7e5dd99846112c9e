import type { WechatPaySettings, WechatPaySettingsInput } from '@cool/shared';
import { Alert, Button, Col, Divider, Flex, Form, Input, InputNumber, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveWechatPay, useTestWechatPay } from '../api.ts';
import { SecretField } from './SecretField.tsx';
import { showServerErrors } from './serverErrors.ts';

type Values = Omit<WechatPaySettingsInput, 'platformCertificates'> & { platformCertificates?: string };

const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
/** The endpoints WeChat Pay posts to, under the notify URL base (apps/server's pay routes). */
const NOTIFY_PATHS = ['/api/pay/wechat/notify', '/api/pay/wechat/refund-notify'];

/** Result of "Test connection", in words. */
function ConnectionTest({ configured }: { configured: boolean }) {
  const { t } = useTranslation();
  const test = useTestWechatPay();
  return (
    <Flex vertical gap={8} align="flex-start">
      <Button onClick={() => test.mutate()} loading={test.isPending} disabled={!configured}>
        {t('center.wechatPay.test')}
      </Button>
      <Typography.Text type="secondary">
        {t(configured ? 'center.wechatPay.testUsesSaved' : 'center.wechatPay.testNeedsSettings')}
      </Typography.Text>
      {test.isSuccess && (
        <Alert
          role="status"
          showIcon
          type="success"
          title={t('center.wechatPay.testPassed', { ms: test.data.durationMs })}
        />
      )}
      {test.isError && (
        <Alert
          role="alert"
          showIcon
          type="error"
          title={t('center.wechatPay.testFailed')}
          description={errorText(test.error, t)}
        />
      )}
    </Flex>
  );
}

/** The merchant's WeChat Pay API v3 settings; keys are write-only and show as set with a fingerprint. */
export function WechatPaySection({ settings, editable }: { settings: WechatPaySettings; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<Values>();
  const save = useSaveWechatPay();
  const notifyBase = (Form.useWatch('notifyBaseUrl', form) ?? settings.notifyBaseUrl).replace(/\/+$/, '');

  const onFinish = async (values: Values) => {
    const { merchantPrivateKey, apiV3Key, platformPublicKey, platformCertificates, ...plain } = values;
    const pasted = platformCertificates?.match(CERTIFICATE);
    try {
      await save.mutateAsync({
        ...plain,
        // A key left empty keeps the saved one.
        ...(merchantPrivateKey && { merchantPrivateKey }),
        ...(apiV3Key && { apiV3Key }),
        ...(platformPublicKey && { platformPublicKey }),
        ...(pasted && { platformCertificates: pasted }),
      });
    } catch (error) {
      showServerErrors(form, error, t);
      message.error(errorText(error, t));
      return;
    }
    form.resetFields(['merchantPrivateKey', 'apiV3Key', 'platformPublicKey', 'platformCertificates']);
    message.success(t('center.saved'));
  };

  const text = (name: keyof Values, pattern: RegExp, placeholder: string, maxLength: number) => (
    <Form.Item
      name={name}
      label={t(`center.wechatPay.${name}`)}
      rules={[{ pattern, message: t('center.invalidFormat') }]}
    >
      <Input placeholder={placeholder} maxLength={maxLength} autoComplete="off" spellCheck={false} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{
        appId: settings.appId,
        mchId: settings.mchId,
        merchantSerialNo: settings.merchantSerialNo,
        platformPublicKeyId: settings.platformPublicKeyId,
        notifyBaseUrl: settings.notifyBaseUrl,
        orderExpireMinutes: settings.orderExpireMinutes,
      }}
      onFinish={onFinish}
      disabled={!editable}
      style={{ maxWidth: 880 }}
    >
      <Flex gap={8} align="center" style={{ marginBottom: 16 }} wrap>
        {settings.configured ? (
          <Tag color="success">{t('center.wechatPay.configured')}</Tag>
        ) : (
          <Tag color="warning">{t('center.wechatPay.notConfigured')}</Tag>
        )}
        <Typography.Text type="secondary">{t('center.wechatPay.configuredHint')}</Typography.Text>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text('mchId', /^(\d{6,32})?$/, '1900000001', 32)}
        </Col>
        <Col xs={24} md={12}>
          {text('appId', /^(wx[0-9A-Za-z]{16})?$/, 'wx0123456789abcdef', 18)}
        </Col>
      </Row>
      {text('merchantSerialNo', /^([0-9A-Fa-f]{8,64})?$/, '', 64)}
      <Form.Item name="merchantPrivateKey" label={t('center.wechatPay.merchantPrivateKey')}>
        <SecretField
          state={settings.merchantPrivateKey}
          pem
          disabled={!editable}
          placeholder="-----BEGIN PRIVATE KEY-----"
        />
      </Form.Item>
      <Form.Item
        name="apiV3Key"
        label={t('center.wechatPay.apiV3Key')}
        rules={[{ pattern: /^[A-Za-z0-9]{32}$/, message: t('serverError.wechatpay.apiV3KeyInvalid') }]}
      >
        <SecretField state={settings.apiV3Key} disabled={!editable} />
      </Form.Item>

      <Divider titlePlacement="start">{t('center.wechatPay.platform')}</Divider>
      <Typography.Paragraph type="secondary">{t('center.wechatPay.platformHint')}</Typography.Paragraph>
      {text(
        'platformPublicKeyId',
        /^(PUB_KEY_ID_[0-9A-Za-z_]{1,52})?$/,
        'PUB_KEY_ID_0000000000000000000000000000',
        64,
      )}
      <Form.Item name="platformPublicKey" label={t('center.wechatPay.platformPublicKey')}>
        <SecretField
          state={settings.platformPublicKey}
          pem
          disabled={!editable}
          placeholder="-----BEGIN PUBLIC KEY-----"
        />
      </Form.Item>
      <Form.Item
        name="platformCertificates"
        label={t('center.wechatPay.platformCertificates')}
        extra={
          settings.platformCertificates.length > 0
            ? settings.platformCertificates
                .map((c) =>
                  t('center.wechatPay.certificate', {
                    serialNo: c.serialNo,
                    validTo: c.validTo.slice(0, 10),
                  }),
                )
                .join('; ')
            : t('center.wechatPay.noCertificates')
        }
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          placeholder="-----BEGIN CERTIFICATE-----"
          spellCheck={false}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
        />
      </Form.Item>

      <Divider titlePlacement="start">{t('center.wechatPay.orders')}</Divider>
      <Form.Item
        name="notifyBaseUrl"
        label={t('center.wechatPay.notifyBaseUrl')}
        extra={
          <Flex vertical>
            <span>{t('center.wechatPay.notifyHint')}</span>
            {NOTIFY_PATHS.map((path) => (
              <Typography.Text
                key={path}
                code
                copyable={Boolean(notifyBase)}
                style={{ wordBreak: 'break-all' }}
              >
                {`${notifyBase || 'https://…'}${path}`}
              </Typography.Text>
            ))}
          </Flex>
        }
      >
        <Input placeholder="https://pay.example.com" maxLength={200} />
      </Form.Item>
      <Form.Item name="orderExpireMinutes" label={t('center.wechatPay.orderExpireMinutes')}>
        <InputNumber
          min={5}
          max={1440}
          precision={0}
          suffix={t('center.wechatPay.minutes')}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Flex gap={16} wrap align="flex-start">
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('center.save')}
          </Button>
        )}
        {editable && <ConnectionTest configured={settings.configured} />}
      </Flex>
    </Form>
  );
}
