import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CodePurpose, sendCode } from '../../../shared/api/identity.ts';
import { CaptchaButton } from './CaptchaButton.tsx';
import { TextField } from './TextField.tsx';

/** A phone number and the code sent to it, with the count-down "get code" button (docs/spec.md section 4). */
export function MobileCodeFields({
  purpose,
  onError,
}: {
  purpose: CodePurpose;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const send = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    return sendCode(purpose, mobile.trim());
  };
  return (
    <>
      <TextField
        name="mobile"
        icon={<MobileOutlined />}
        placeholder={t('login.mobile.placeholder')}
        autoComplete="tel"
        required={t('login.mobile.required')}
        rules={[{ pattern: /^\+?[\d\s()-]{6,20}$/, message: t('login.mobile.invalid') }]}
      />
      <Flex gap={8}>
        <TextField
          name="captcha"
          style={{ flex: 1 }}
          icon={<MailOutlined />}
          placeholder={t('login.captcha.placeholder')}
          autoComplete="one-time-code"
          inputMode="numeric"
          required={t('login.captcha.required')}
        />
        <CaptchaButton send={send} onError={onError} />
      </Flex>
    </>
  );
}
