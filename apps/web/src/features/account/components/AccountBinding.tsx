import type { IdentityBinding, OAuthProvider } from '@cool/shared';
import { Button, Flex, Tag, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shared/http/errorText.ts';
import { ProviderIcon } from '../../../shared/oauth/ProviderIcon.tsx';
import { ItemList } from '../../../shared/ui/ItemList.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useBind, useBindings, useUnbind } from '../api.ts';

/** What a binding's return left in the address (`bound`, or `oauthError` with `provider` and `reason`). */
const RETURN_PARAMS = ['bound', 'oauthError', 'provider', 'reason'];

/**
 * Account settings' binding section: WeChat Work, DingTalk and WeChat, each bound (with the name there) or
 * not. Binding leaves for the provider's page and comes back here; unbinding asks first.
 */
export function AccountBinding() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = useNotices();
  const query = useBindings();
  const [params, setParams] = useSearchParams();
  const reported = useRef(false);
  const providerName = (provider: OAuthProvider) => t(`thirdParty.provider.${provider}`);

  // The way back from the provider: say how the binding went, once, and tidy the address.
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    const bound = params.get('bound') as OAuthProvider | null;
    const refusal = params.get('oauthError');
    const provider = (params.get('provider') ?? '') as OAuthProvider;
    if (bound) message.success(t('thirdParty.binding.boundNow', { provider: providerName(bound) }));
    if (refusal)
      message.error(
        t(`serverError.${refusal}` as never, {
          provider: provider ? providerName(provider) : '',
          reason: params.get('reason') ?? '',
          defaultValue: refusal,
        }),
      );
    if (bound || refusal)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
  });

  const bind = useBind();
  const remove = useUnbind();

  const confirmUnbind = (provider: OAuthProvider) =>
    modal.confirm({
      title: t('thirdParty.binding.unbindConfirm', { provider: providerName(provider) }),
      okText: t('thirdParty.binding.unbind'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(provider);
          message.success(t('thirdParty.binding.unbound', { provider: providerName(provider) }));
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  const describe = (binding: IdentityBinding) => {
    if (binding.boundAt)
      return binding.displayName
        ? t('thirdParty.binding.bound', { name: binding.displayName })
        : t('thirdParty.binding.boundNoName');
    return binding.available ? t('thirdParty.binding.notBound') : t('thirdParty.binding.notAvailable');
  };

  return (
    <QueryContent query={query} errorTitle={t('thirdParty.binding.loadFailed')}>
      <ItemList
        label={t('account.settings.menu.binding')}
        loading={query.isPending}
        rows={(query.data ?? []).map((binding) => {
          const name = providerName(binding.provider);
          return {
            key: binding.provider,
            avatar: (
              <span style={{ fontSize: 32, lineHeight: 1, color: token.colorPrimary }}>
                <ProviderIcon provider={binding.provider} />
              </span>
            ),
            title: (
              <Flex gap={8} align="center" wrap>
                {name}
                {binding.boundAt && <Tag color="success">{t('thirdParty.binding.boundNoName')}</Tag>}
              </Flex>
            ),
            description: describe(binding),
            actions: binding.boundAt ? (
              <Button
                type="link"
                danger
                aria-label={`${t('thirdParty.binding.unbind')} ${name}`}
                onClick={() => confirmUnbind(binding.provider)}
              >
                {t('thirdParty.binding.unbind')}
              </Button>
            ) : (
              <Button
                type="link"
                disabled={!binding.available}
                loading={bind.isPending && bind.variables === binding.provider}
                aria-label={`${t('thirdParty.binding.bind')} ${name}`}
                onClick={() =>
                  bind.mutate(binding.provider, { onError: (error) => message.error(errorText(error, t)) })
                }
              >
                {t('thirdParty.binding.bind')}
              </Button>
            ),
          };
        })}
      />
    </QueryContent>
  );
}
