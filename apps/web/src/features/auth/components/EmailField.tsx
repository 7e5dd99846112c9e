import { MailOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';

/** The email field of sign-up and recovery, with the messages of docs/spec.md section 5. */
export function EmailField({ placeholder }: { placeholder: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="email"
      rules={[
        { required: true, message: t('login.register.emailRequired') },
        { type: 'email', message: t('login.register.emailInvalid') },
      ]}
    >
      <Input size="large" prefix={<MailOutlined />} placeholder={placeholder} autoComplete="email" />
    </Form.Item>
  );
}
