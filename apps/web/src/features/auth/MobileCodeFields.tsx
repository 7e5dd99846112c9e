import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Flex, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { type CodePurpose, sendCode } from '../../shared/api/identity.ts';
import { CaptchaButton } from './CaptchaButton.tsx';

/** A phone number and the code sent to it, with the count-down "get code" button (SPEC 4). */
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
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: t('login.mobile.required') },
          { pattern: /^\+?[\d\s()-]{6,20}$/, message: t('login.mobile.invalid') },
        ]}
      >
        <Input
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('login.mobile.placeholder')}
          autoComplete="tel"
        />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item
          name="captcha"
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: t('login.captcha.required') }]}
        >
          <Input
            size="large"
            prefix={<MailOutlined />}
            placeholder={t('login.captcha.placeholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Form.Item>
        <CaptchaButton send={send} onError={onError} />
      </Flex>
    </>
  );
}
