import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { greetingFor, type LoginResult, safeRedirect, welcomePhraseIndex } from '@cool/shared';
import { Button, Checkbox, Flex, Form } from 'antd';
// The password part alone: antd's Input also carries TextArea, Search and OTP (10 KiB gzip).
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../shared/http/formErrors.ts';
import { login } from '../../shared/session/api.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';
import { loadUser } from '../../shared/session/loadUser.ts';
import { LazyAlert } from '../../shared/ui/LazyAlert.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { LoginTabs } from './LoginTabs.tsx';
import { useSignInOptions } from './signInOptions.ts';
import { TextField } from './TextField.tsx';
import { ThirdPartySignIn } from './ThirdPartySignIn.tsx';
import { useTwoStepSignIn } from './useTwoStepSignIn.tsx';

// The mobile tab's fields download when the tab is first opened: most sign-ins use the first tab.
const MobileSignInFields = lazy(() => import('./MobileSignInFields.tsx'));

/** Keys of SPEC 9's four welcome phrases, in the order `welcomePhraseIndex` picks from. */
const WELCOME_PHRASES = ['rest', 'meal', 'game', 'tired'] as const;

type LoginTab = 'account' | 'mobile';

interface LoginFields {
  username: string;
  password: string;
  remember_me: boolean;
  mobile: string;
  captcha: string;
}

interface LoginPageProps {
  /**
   * Told where the user goes once signed in whenever the form gains focus and as a sign-in starts, so the
   * console's code downloads while the person types, not after the click (the caller starts it once).
   */
  onSignInAhead?: (target: string) => void;
  /** Told where the user goes as soon as the session is stored, before the console renders. */
  onSignedIn?: (target: string) => void;
}

export default function LoginPage({ onSignInAhead, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  const { notification } = useNotices();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<LoginFields>();
  const [tab, setTab] = useState<LoginTab>('account');
  const [submitting, setSubmitting] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);
  const signIn = useAuthStore((s) => s.signIn);
  const options = useSignInOptions();
  const twoStep = useTwoStepSignIn();

  const signInAhead = () => onSignInAhead?.(safeRedirect(searchParams.get('redirect')));

  const onFinish = async (values: LoginFields) => {
    setSubmitting(true);
    setLoginError(null);
    signInAhead();
    try {
      const credentials =
        tab === 'mobile'
          ? { mobile: values.mobile.trim(), captcha: values.captcha.trim() }
          : { username: values.username.trim(), password: values.password };
      const session = await twoStep.signIn((twoStepCode) =>
        login({ ...credentials, remember_me: values.remember_me, ...(twoStepCode && { twoStepCode }) }),
      );
      if (!session) {
        // The code was cancelled: the form stays as it is.
        setSubmitting(false);
        return;
      }
      enter(session, values.remember_me);
    } catch (error) {
      setSubmitting(false);
      if (!applyFieldErrors(form, error)) setLoginError(errorText(error, t));
    }
  };

  /** Signed in, by this form or through a third party: into the console, with the welcome. */
  const enter = (session: LoginResult, remember: boolean) => {
    signIn(session.token, session.expiresAt, remember);
    const target = safeRedirect(searchParams.get('redirect'));
    // Its first data is asked for now, while React has yet to render the console.
    onSignedIn?.(target);
    // The console's frame shows at once and fills in when the user info answers (SPEC 4: unusable user info
    // signs out again, with its error, back on this page).
    navigate(target, { replace: true });
    loadUser(session.token).then(
      (user) =>
        notification.success({
          title: t('login.welcome.title'),
          description: t('login.welcome.description', {
            greeting: t(`login.greeting.${greetingFor(new Date().getHours())}`),
            name: user.name,
            phrase: t(`login.welcome.phrases.${WELCOME_PHRASES[welcomePhraseIndex()] ?? WELCOME_PHRASES[0]}`),
          }),
        }),
      () => undefined,
    );
  };

  const accountFields = (
    <>
      <TextField
        name="username"
        icon={<UserOutlined />}
        placeholder={t('login.username.placeholder')}
        autoComplete="username"
        required={t('login.username.required')}
      />
      <Form.Item name="password" rules={[{ required: true, message: t('login.password.required') }]}>
        <Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.password.placeholder')}
          autoComplete="current-password"
        />
      </Form.Item>
    </>
  );

  const mobileFields = (
    <Suspense fallback={null}>
      <MobileSignInFields
        onError={(error) => {
          if (!applyFieldErrors(form, error)) setLoginError(errorText(error, t));
        }}
      />
    </Suspense>
  );

  return (
    <Form<LoginFields>
      form={form}
      initialValues={{ remember_me: true }}
      onFinish={onFinish}
      onFocus={signInAhead}
      size="large"
    >
      <LoginTabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          setLoginError(null);
        }}
        items={[
          { key: 'account', label: t('login.tab.account'), children: accountFields },
          { key: 'mobile', label: t('login.tab.mobile'), children: mobileFields },
        ]}
      />
      {twoStep.prompt}
      {loginError && (
        <LazyAlert type="error" showIcon title={loginError} style={{ marginBottom: 24 }} role="alert" />
      )}
      {/* One line each, even on a 375 px phone: a wrapped pair reads as four separate things. */}
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 24, whiteSpace: 'nowrap' }}>
        <Form.Item name="remember_me" valuePropName="checked" noStyle>
          <Checkbox>{t('login.rememberMe')}</Checkbox>
        </Form.Item>
        <Link to="/user/recover">{t('login.forgotPassword')}</Link>
      </Flex>
      <Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form.Item>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ThirdPartySignIn
          remember={() => Boolean(form.getFieldValue('remember_me'))}
          onSignedIn={enter}
          onError={setLoginError}
        />
        {options?.signUp && <Link to="/user/register">{t('login.signUp')}</Link>}
      </Flex>
    </Form>
  );
}
