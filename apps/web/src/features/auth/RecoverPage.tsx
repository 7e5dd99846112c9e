import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestRecovery, resetWithCode } from '../../shared/api/identity.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../shared/http/formErrors.ts';
import { AccountResult } from './components/AccountResult.tsx';
import { EmailField } from './components/EmailField.tsx';
import { LoginTabs } from './components/LoginTabs.tsx';
import { MobileCodeFields } from './components/MobileCodeFields.tsx';
import { OutboxNotice } from './components/OutboxNotice.tsx';
import { NewPasswordFields } from './components/PasswordStrength.tsx';

type Way = 'email' | 'mobile';

interface RecoverFields {
  email: string;
  mobile: string;
  captcha: string;
  password: string;
  confirm: string;
}

/** Password recovery (not built in the template): a link by email, or a code by SMS and the new password. */
export default function RecoverPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecoverFields>();
  const [way, setWay] = useState<Way>('email');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Way | null>(null);

  const showError = (error: unknown) => {
    if (!applyFieldErrors(form, error)) setFailure(errorText(error, t));
  };

  const onFinish = async (values: RecoverFields) => {
    setSubmitting(true);
    setFailure(null);
    try {
      if (way === 'email') await requestRecovery(values.email.trim());
      else
        await resetWithCode({
          mobile: values.mobile.trim(),
          captcha: values.captcha.trim(),
          password: values.password,
        });
      setDone(way);
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const signIn = (
    <Link to="/user/login">
      <Button size="large" type={done === 'mobile' ? 'primary' : 'default'}>
        {t('login.recover.signIn')}
      </Button>
    </Link>
  );
  if (done === 'email') {
    return (
      <AccountResult
        status="success"
        title={t('login.recover.sentTitle')}
        description={t('login.recover.sent')}
      >
        {signIn}
      </AccountResult>
    );
  }
  if (done === 'mobile') {
    return (
      <AccountResult
        status="success"
        title={t('login.recover.changed')}
        description={t('login.recover.signedOut')}
      >
        {signIn}
      </AccountResult>
    );
  }

  const emailFields = (
    <>
      <OutboxNotice channels={['email']} />
      <EmailField placeholder={t('login.recover.emailPlaceholder')} />
    </>
  );
  const mobileFields = (
    <>
      <OutboxNotice channels={['sms']} />
      <MobileCodeFields purpose="recover" onError={showError} />
      <NewPasswordFields />
    </>
  );

  return (
    <Form<RecoverFields> form={form} onFinish={onFinish} size="large">
      <LoginTabs
        activeKey={way}
        onChange={(key) => {
          setWay(key);
          setFailure(null);
        }}
        items={[
          { key: 'email', label: t('login.recover.byEmail'), children: emailFields },
          { key: 'mobile', label: t('login.recover.byMobile'), children: mobileFields },
        ]}
      />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} role="alert" />}
      <Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {way === 'email' ? t('login.recover.sendLink') : t('login.recover.reset')}
        </Button>
      </Form.Item>
      <Link to="/user/login">{t('login.recover.back')}</Link>
    </Form>
  );
}
