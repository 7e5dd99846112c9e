import { Alert, Button, Flex, Form, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { acceptInvitation, activate, checkLink, resetWithLink } from '../../shared/api/identity.ts';
import { errorCodeOf } from '../../shared/http/client.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { applyFieldErrors } from '../../shared/http/formErrors.ts';
import { AccountResult } from './components/AccountResult.tsx';
import { NewPasswordFields } from './components/PasswordStrength.tsx';

type Kind = 'activate' | 'reset' | 'invite';
type State = 'loading' | 'ready' | 'done' | 'invalid' | 'failed';

/** One answer per token and page load: React may run an effect twice, and an activation link works once. */
const activations = new Map<string, ReturnType<typeof activate>>();

const PURPOSE = { activate: 'activate', reset: 'recover', invite: 'invite' } as const;

const isLinkInvalid = (error: unknown) => errorCodeOf(error) === 'recovery.linkInvalid';

/**
 * Where mailed links land: an activation is used at once; a password reset or an invitation is checked first
 * (an expired one says so before anything is typed), then asks for the new password.
 */
export default function AccountLinkPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'loading' : 'invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<{ password: string; confirm: string }>();

  useEffect(() => {
    if (!token) return;
    let current = true;
    const answer =
      kind === 'activate'
        ? (activations.get(token) ?? activations.set(token, activate(token)).get(token)!).then(
            () => 'done' as const,
          )
        : checkLink(PURPOSE[kind], token).then(({ valid }) =>
            valid ? ('ready' as const) : ('invalid' as const),
          );
    answer.then(
      (next) => current && setState(next),
      (error) => {
        if (!current) return;
        setState(isLinkInvalid(error) ? 'invalid' : 'failed');
        setFailure(errorText(error, t));
      },
    );
    return () => {
      current = false;
    };
  }, [kind, token, t]);

  const onFinish = async ({ password }: { password: string }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await (kind === 'invite' ? acceptInvitation(token, password) : resetWithLink(token, password));
      setState('done');
    } catch (error) {
      if (isLinkInvalid(error)) setState('invalid');
      else if (!applyFieldErrors(form, error)) setFailure(errorText(error, t));
    } finally {
      setSubmitting(false);
    }
  };

  const signIn = (primary: boolean) => (
    <Link to="/user/login">
      <Button size="large" type={primary ? 'primary' : 'default'}>
        {t('login.link.signIn')}
      </Button>
    </Link>
  );

  if (state === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (state === 'done') {
    return (
      <AccountResult
        status="success"
        title={t(`login.link.${kind}.done`)}
        description={t(`login.link.${kind}.next`)}
      >
        {signIn(true)}
      </AccountResult>
    );
  }
  if (state === 'invalid' || state === 'failed') {
    // Where to get a new link: sign up again, or ask for another reset; an invitation comes from an admin.
    const again =
      kind === 'activate'
        ? { to: '/user/register', label: t('login.link.activate.again') }
        : kind === 'reset'
          ? { to: '/user/recover', label: t('login.link.reset.again') }
          : null;
    return (
      <AccountResult
        status="warning"
        title={state === 'invalid' ? t('login.link.invalid') : failure}
        description={t(`login.link.${kind}.invalid`)}
      >
        {again && (
          <Link to={again.to}>
            <Button size="large" type="primary">
              {again.label}
            </Button>
          </Link>
        )}
        {signIn(!again)}
      </AccountResult>
    );
  }
  const asks = kind === 'invite' ? 'invite' : 'reset';
  return (
    <Form form={form} onFinish={onFinish} size="large">
      <h3 style={{ fontSize: 16, marginBottom: 20 }}>{t(`login.link.${asks}.title`)}</h3>
      <NewPasswordFields />
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} role="alert" />}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t(`login.link.${asks}.submit`)}
      </Button>
    </Form>
  );
}
