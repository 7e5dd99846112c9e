import { UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { register } from '../../shared/api/identity.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../shared/http/formErrors.ts';
import { EmailField } from './components/EmailField.tsx';
import { MobileCodeFields } from './components/MobileCodeFields.tsx';
import { OutboxNotice } from './components/OutboxNotice.tsx';
import { NewPasswordFields } from './components/PasswordStrength.tsx';
import { useSignInOptions } from './components/signInOptions.ts';
import { TextField } from './components/TextField.tsx';

interface RegisterFields {
  name: string;
  email: string;
  password: string;
  confirm: string;
  mobile?: string;
  captcha?: string;
}

/**
 * Sign-up (docs/spec.md section 2): name, email, password with its strength, confirmation, and a phone with
 * its code when SMS is set up. Without SMS the code would sit in the outbox only an administrator reads, so
 * only the email is verified (the server holds the same rule).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterFields>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = useSignInOptions();
  const askPhone = options !== undefined && !options.outbox.sms;

  const showError = (error: unknown) => {
    if (!applyFieldErrors(form, error)) setFailure(errorText(error, t));
  };

  const onFinish = async (values: RegisterFields) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { email } = await register({
        ...values,
        name: values.name.trim(),
        email: values.email.trim(),
        mobile: values.mobile?.trim(),
      });
      navigate(`/user/register-result?email=${encodeURIComponent(email)}`);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<RegisterFields> form={form} onFinish={onFinish} size="large">
      <h3 style={{ fontSize: 16, marginBottom: 20 }}>{t('login.register.title')}</h3>
      <OutboxNotice channels={askPhone ? ['email', 'sms'] : ['email']} />
      <TextField
        name="name"
        icon={<UserOutlined />}
        placeholder={t('login.register.namePlaceholder')}
        required={t('login.register.nameRequired')}
        rules={[{ max: 64, message: t('login.register.nameTooLong', { max: 64 }) }]}
        autoComplete="name"
      />
      <EmailField placeholder={t('login.register.emailPlaceholder')} />
      <NewPasswordFields />
      {askPhone && <MobileCodeFields purpose="signUp" onError={showError} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} role="alert" />}
      <Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.register.submit')}
        </Button>
      </Form.Item>
      <Link to="/user/login">{t('login.register.signIn')}</Link>
    </Form>
  );
}
