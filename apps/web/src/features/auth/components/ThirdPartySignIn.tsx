import { LoadingOutlined } from '@ant-design/icons';
import type { LoginResult, OAuthProvider } from '@cool/shared';
import { Flex, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { exchangeTicket, oauthProviders, signInUrl } from '../../../shared/api/oauth.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { loadErrorMessages } from '../../../shared/i18n/i18n.ts';
import { ProviderIcon } from '../../../shared/oauth/ProviderIcon.tsx';
import { useTwoStepSignIn } from './useTwoStepSignIn.tsx';

const TICKET = 'oauthTicket';
/** "Remember me" as ticked when the person left for the provider, for the session won on the way back. */
const REMEMBER = 'oauthRemember';

/** The ticket a third-party sign-in came back with (in the fragment), taken out of the address at once. */
function takeTicket(): string | null {
  const ticket = new URLSearchParams(window.location.hash.slice(1)).get(TICKET);
  if (ticket)
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return ticket;
}

interface ThirdPartySignInProps {
  /** Whether "Remember me" is ticked now. */
  remember: () => boolean;
  /** A session was won (`remember`: as ticked on leaving): the page goes on as after a password sign-in. */
  onSignedIn: (session: LoginResult, remember: boolean) => void;
  /** Why the third-party sign-in was refused, in the console's language. */
  onError: (text: string) => void;
}

/**
 * The icons of the providers an admin has set up (none when none is), each leaving for its sign-in page; and
 * the way back: the ticket exchanged for a session (with the two-step code when the account asks for one),
 * or the refusal the callback sent (`oauthError`, named with the provider).
 */
export function ThirdPartySignIn({ remember, onSignedIn, onError }: ThirdPartySignInProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  const [exchanging, setExchanging] = useState(false);
  const [params, setParams] = useSearchParams();
  const twoStep = useTwoStepSignIn();
  const started = useRef(false);
  const handlers = useRef({ onSignedIn, onError });
  handlers.current = { onSignedIn, onError };

  useEffect(() => {
    let current = true;
    oauthProviders().then(
      (answer) => current && setProviders(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  // Once per page load, even when React runs effects twice: a ticket is good once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the way back from the provider
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refusal = params.get('oauthError');
    if (refusal) {
      const provider = params.get('provider') as OAuthProvider | null;
      // The refusal's text is one of the server's error texts, which the login page loads on demand.
      loadErrorMessages()
        .catch(() => undefined)
        .then(() =>
          handlers.current.onError(
            t(`serverError.${refusal}` as never, {
              provider: provider ? t(`thirdParty.provider.${provider}`) : '',
              reason: params.get('reason') ?? '',
              defaultValue: refusal,
            }),
          ),
        );
      setParams(
        (currentParams) => {
          const next = new URLSearchParams(currentParams);
          next.delete('oauthError');
          next.delete('provider');
          next.delete('reason');
          return next;
        },
        { replace: true },
      );
    }
    const ticket = takeTicket();
    if (!ticket) return;
    const remembered = sessionStorage.getItem(REMEMBER) === '1';
    sessionStorage.removeItem(REMEMBER);
    setExchanging(true);
    twoStep
      .signIn((twoStepCode) =>
        exchangeTicket({ ticket, remember_me: remembered, ...(twoStepCode && { twoStepCode }) }),
      )
      .then(
        (session) => session && handlers.current.onSignedIn(session, remembered),
        (error) => handlers.current.onError(errorText(error, t)),
      )
      .finally(() => setExchanging(false));
  }, []);

  if (providers.length === 0 && !exchanging && !twoStep.prompt) return null;
  return (
    <Flex align="center" gap={12}>
      {providers.length > 0 && (
        <span style={{ color: token.colorTextDescription }}>{t('thirdParty.signInWith')}</span>
      )}
      {providers.map((provider) => (
        <a
          key={provider}
          href={signInUrl(provider)}
          onClick={() => sessionStorage.setItem(REMEMBER, remember() ? '1' : '0')}
          // Each its own name: icons all called "Sign in with" cannot be told apart.
          aria-label={t('thirdParty.signInThrough', { provider: t(`thirdParty.provider.${provider}`) })}
          title={t(`thirdParty.provider.${provider}`)}
          style={{ fontSize: 24, lineHeight: 1, color: token.colorTextTertiary }}
        >
          <ProviderIcon provider={provider} />
        </a>
      ))}
      {/* The icon Button's loading state draws, already on this page (antd's Spin is not). */}
      {exchanging && <LoadingOutlined aria-label={t('common.loading')} />}
      {twoStep.prompt}
    </Flex>
  );
}
