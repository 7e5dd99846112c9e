import type { WechatOfficialAccount } from '@cool/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSaveWechatOfficialAccount } from '../api.ts';
import { SecretField } from './SecretField.tsx';
import { showServerErrors } from './serverErrors.ts';

interface Values {
  appId: string;
  appSecret?: string;
}

/** The official account participants sign in with (WeChat OAuth in `/h5/`); its secret is write-only. */
export function OfficialAccountSection({
  account,
  editable,
}: {
  account: WechatOfficialAccount;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<Values>();
  const save = useSaveWechatOfficialAccount();
  // The saved secret belongs to its app id: with the id changed it must be typed again.
  const appId = Form.useWatch('appId', form) ?? account.appId;

  const onFinish = async ({ appId, appSecret }: Values) => {
    try {
      await save.mutateAsync({ appId, ...(appSecret && { appSecret }) });
    } catch (error) {
      showServerErrors(form, error, t);
      message.error(errorText(error, t));
      return;
    }
    form.setFieldValue('appSecret', undefined);
    message.success(t('center.saved'));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ appId: account.appId }}
      onFinish={onFinish}
      disabled={!editable}
      style={{ maxWidth: 560 }}
    >
      <Alert
        showIcon
        type={account.source === 'none' ? 'warning' : 'info'}
        title={t(`center.officialAccount.source.${account.source}`)}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="appId"
        label={t('center.officialAccount.appId')}
        rules={[{ pattern: /^(wx[0-9A-Za-z]{16})?$/, message: t('center.appIdInvalid') }]}
      >
        <Input maxLength={18} placeholder="wx0123456789abcdef" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label={t('center.officialAccount.appSecret')}
        rules={[{ pattern: /^[0-9A-Za-z]{32}$/, message: t('center.officialAccount.appSecretInvalid') }]}
      >
        <SecretField
          state={account.appSecret}
          disabled={!editable}
          reenter={appId !== account.appId ? t('center.secret.reenterAppId') : undefined}
        />
      </Form.Item>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('center.save')}
        </Button>
      )}
    </Form>
  );
}
