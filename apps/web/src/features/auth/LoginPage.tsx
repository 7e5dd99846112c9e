import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { greetingFor, type LoginResult, safeRedirect, welcomePhraseIndex } from '@cool/shared';
import { Button, Checkbox, Flex } from 'antd';
// The input and password parts alone: antd's Input also carries TextArea, Search and OTP (10 KiB gzip).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText, fieldErrorText, serverFieldErrors } from '../../shared/http/errorText.ts';
import { login } from '../../shared/session/api.ts';
import { useAuthStore } from '../../shared/session/authStore.ts';
import { loadUser } from '../../shared/session/loadUser.ts';
import { LazyAlert } from '../../shared/ui/LazyAlert.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { LoginTabs } from './components/LoginTabs.tsx';
import type { MobileSignIn, MobileSignInValues } from './components/MobileSignInFields.tsx';
import { SignInField } from './components/SignInField.tsx';
import { useSignInOptions } from './components/signInOptions.ts';
import { ThirdPartySignIn } from './components/ThirdPartySignIn.tsx';
import { useTwoStepSignIn } from './components/useTwoStepSignIn.tsx';

// The mobile tab's fields download when the tab is first opened: most sign-ins use the first tab.
const MobileSignInFields = lazy(() => import('./components/MobileSignInFields.tsx'));

/** Keys of the 4 welcome phrases of docs/spec.md section 9, in the order `welcomePhraseIndex` picks from. */
const WELCOME_PHRASES = ['rest', 'meal', 'game', 'tired'] as const;

type LoginTab = 'account' | 'mobile';

interface Credentials {
  username: string;
  password: string;
}
type CredentialErrors = Partial<Record<keyof Credentials, string>>;
const CREDENTIALS = ['username', 'password'] as const;
/** The first tab's checks, as antd's required rules made them: a blank name or an empty password. */
const FILLED: Record<keyof Credentials, (value: string) => boolean> = {
  username: (value) => value.trim() !== '',
  password: (value) => value !== '',
};

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
  const [tab, setTab] = useState<LoginTab>('account');
  const [credentials, setCredentials] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [remember, setRemember] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [loginError, setLoginError] = useState<string | null>(null);
  const mobile = useRef<MobileSignIn>(null);
  const keptMobile = useRef<Partial<MobileSignInValues>>({}).current;
  const signIn = useAuthStore((s) => s.signIn);
  const options = useSignInOptions();
  const twoStep = useTwoStepSignIn();

  const signInAhead = () => onSignInAhead?.(safeRedirect(searchParams.get('redirect')));

  const check = (field: keyof Credentials, value: string) =>
    FILLED[field](value) ? undefined : t(`login.${field}.required`);

  const edit = (field: keyof Credentials, value: string) => {
    setCredentials((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };

  /** A refused sign-in's field errors under their fields; answers whether there were any. */
  const showFieldErrors = (error: unknown) => {
    if (tab === 'mobile') return mobile.current?.showFieldErrors(error) ?? false;
    const refused = serverFieldErrors(error).filter((field) => field.field in credentials);
    if (refused.length === 0) return false;
    setErrors(Object.fromEntries(refused.map((field) => [field.field, fieldErrorText(field, t)])));
    return true;
  };

  /** What the open tab's fields send, or null (their messages showing) when one is missing or wrong. */
  const filledIn = async () => {
    if (tab === 'mobile') {
      const values = await mobile.current?.values().catch(() => null);
      return values ? { mobile: values.mobile.trim(), captcha: values.captcha.trim() } : null;
    }
    const found = Object.fromEntries(
      CREDENTIALS.map((field) => [field, check(field, credentials[field])]),
    ) as CredentialErrors;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return null;
    return { username: credentials.username.trim(), password: credentials.password };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = await filledIn();
    if (!sent) return;
    setSubmitting(true);
    setLoginError(null);
    signInAhead();
    try {
      const session = await twoStep.signIn((twoStepCode) =>
        login({ ...sent, remember_me: remember, ...(twoStepCode && { twoStepCode }) }),
      );
      if (!session) {
        // The code was cancelled: the form stays as it is.
        setSubmitting(false);
        return;
      }
      enter(session, remember);
    } catch (error) {
      setSubmitting(false);
      if (!showFieldErrors(error)) setLoginError(errorText(error, t));
    }
  };

  /** Signed in, by this form or through a third party: into the console, with the welcome. */
  const enter = (session: LoginResult, remembered: boolean) => {
    signIn(session.token, session.expiresAt, remembered);
    // Where the sign-in was headed, else the person's start page (their role's first page it can use whole).
    const target = safeRedirect(searchParams.get('redirect'), session.home);
    // Its first data is asked for now, while React has yet to render the console.
    onSignedIn?.(target);
    // The console's frame shows at once and fills in when the user info answers (docs/spec.md section 4:
    // unusable user info signs out again, with its error, back on this page).
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
      {(
        [
          ['username', Input, <UserOutlined key="icon" />, 'username'],
          ['password', Password, <LockOutlined key="icon" />, 'current-password'],
        ] as const
      ).map(([field, Control, icon, autoComplete]) => (
        <SignInField key={field} id={field} error={errors[field]}>
          <Control
            size="large"
            prefix={icon}
            placeholder={t(`login.${field}.placeholder`)}
            autoComplete={autoComplete}
            value={credentials[field]}
            onChange={(event) => edit(field, event.target.value)}
          />
        </SignInField>
      ))}
    </>
  );

  const mobileFields = (
    <Suspense fallback={null}>
      <MobileSignInFields
        handle={mobile}
        kept={keptMobile}
        onError={(error) => {
          if (!showFieldErrors(error)) setLoginError(errorText(error, t));
        }}
      />
    </Suspense>
  );

  return (
    <>
      {/* The two-step dialog's own form stays out of this one (a submit inside it is not a sign-in). */}
      {twoStep.prompt}
      <form noValidate onSubmit={onSubmit} onFocus={signInAhead}>
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
        {loginError && (
          <LazyAlert type="error" showIcon title={loginError} style={{ marginBottom: 24 }} role="alert" />
        )}
        {/* One line each, even on a 375 px phone: a wrapped pair reads as four separate things. */}
        <Flex
          justify="space-between"
          align="center"
          gap={8}
          style={{ marginBottom: 24, whiteSpace: 'nowrap' }}
        >
          <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)}>
            {t('login.rememberMe')}
          </Checkbox>
          <Link to="/user/recover">{t('login.forgotPassword')}</Link>
        </Flex>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          style={{ marginBottom: 24 }}
        >
          {t('login.submit')}
        </Button>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <ThirdPartySignIn remember={() => remember} onSignedIn={enter} onError={setLoginError} />
          {options?.signUp && <Link to="/user/register">{t('login.signUp')}</Link>}
        </Flex>
      </form>
    </>
  );
}
