import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { register } from '../../shared/api/identity.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../shared/http/formErrors.ts';
import { EmailField } from './EmailField.tsx';
import { MobileCodeFields } from './MobileCodeFields.tsx';
import { OutboxNotice } from './OutboxNotice.tsx';
import { NewPasswordFields } from './PasswordStrength.tsx';

interface RegisterFields {
  email: string;
  password: string;
  confirm: string;
  mobile: string;
  captcha: string;
}

/** SPEC 2 sign-up: email, password with its strength, confirmation, phone and its code. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterFields>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const showError = (error: unknown) => {
    if (!applyFieldErrors(form, error)) setFailure(errorText(error, t));
  };

  const onFinish = async (values: RegisterFields) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { email } = await register({
        ...values,
        email: values.email.trim(),
        mobile: values.mobile.trim(),
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
      <OutboxNotice channels={['email', 'sms']} />
      <EmailField placeholder={t('login.register.emailPlaceholder')} />
      <NewPasswordFields />
      <MobileCodeFields purpose="signUp" onError={showError} />
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
