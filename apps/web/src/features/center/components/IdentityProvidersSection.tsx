import { type IdentityProviders, OAUTH_PROVIDERS, type OAuthProvider } from '@cool/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { oauthKeys, oauthQueries, saveIdentityProviders } from '../../../shared/api/oauth.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { ProviderIcon } from '../../../shared/oauth/ProviderIcon.tsx';
import { useNotices } from '../../../shared/ui/notices.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { SecretField } from './SecretField.tsx';
import { showServerErrors } from './serverErrors.ts';

interface AppValues {
  enabled: boolean;
  appId: string;
  agentId: string;
  secret?: string;
}
type Values = Record<OAuthProvider, AppValues>;

/** What each provider calls the app id. */
const APP_ID_LABEL = { wecom: 'corpId', dingtalk: 'clientId', wechat: 'appId' } as const;

const initialValues = (settings: IdentityProviders) =>
  Object.fromEntries(
    OAUTH_PROVIDERS.map((p) => {
      const { enabled, appId, agentId } = settings[p];
      return [p, { enabled, appId, agentId }];
    }),
  ) as Values;

function Providers({ settings, editable }: { settings: IdentityProviders; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  // A saved secret belongs to its app (id and agent id): with either changed it must be typed again.
  const values = Form.useWatch((all: Partial<Values>) => all, form);
  const moved = (p: OAuthProvider) => {
    const typed = values?.[p];
    return (
      typed !== undefined &&
      (typed.appId !== settings[p].appId || (typed.agentId ?? '') !== settings[p].agentId)
    );
  };
  const save = useMutation({
    mutationFn: saveIdentityProviders,
    onSuccess: (saved) => queryClient.setQueryData(oauthKeys.settings, saved),
  });

  const onFinish = async (values: Values) => {
    try {
      await save.mutateAsync(
        Object.fromEntries(
          OAUTH_PROVIDERS.map((p) => {
            const { secret, ...ids } = values[p];
            // Left empty, the saved secret is kept.
            return [p, { ...ids, agentId: ids.agentId ?? '', ...(secret && { secret }) }];
          }),
        ) as Values,
      );
    } catch (error) {
      showServerErrors(form, error, t);
      message.error(errorText(error, t));
      return;
    }
    for (const p of OAUTH_PROVIDERS) form.setFieldValue([p, 'secret'], undefined);
    message.success(t('thirdParty.settings.saved'));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(settings)}
      onFinish={onFinish}
      disabled={!editable}
      style={{ maxWidth: 640 }}
    >
      <Typography.Paragraph type="secondary">{t('thirdParty.settings.description')}</Typography.Paragraph>
      <Flex vertical gap={16} style={{ marginBottom: 16 }}>
        {OAUTH_PROVIDERS.map((provider) => (
          <Card
            key={provider}
            size="small"
            title={
              <Flex gap={8} align="center" wrap>
                <ProviderIcon provider={provider} />
                {t(`thirdParty.provider.${provider}`)}
                <Tag color={settings[provider].configured ? 'success' : 'default'}>
                  {t(
                    settings[provider].configured
                      ? 'thirdParty.settings.ready'
                      : 'thirdParty.settings.incomplete',
                  )}
                </Tag>
              </Flex>
            }
            extra={
              <Form.Item name={[provider, 'enabled']} valuePropName="checked" noStyle>
                <Switch
                  aria-label={`${t('thirdParty.settings.enabled')} ${t(`thirdParty.provider.${provider}`)}`}
                />
              </Form.Item>
            }
          >
            <Form.Item name={[provider, 'appId']} label={t(`thirdParty.settings.${APP_ID_LABEL[provider]}`)}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
            {provider === 'wecom' && (
              <Form.Item name={[provider, 'agentId']} label={t('thirdParty.settings.agentId')}>
                <Input maxLength={64} autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item name={[provider, 'secret']} label={t('thirdParty.settings.secret')}>
              <SecretField
                state={settings[provider].secret}
                disabled={!editable}
                reenter={moved(provider) ? t('center.secret.reenterApp') : undefined}
              />
            </Form.Item>
            <Typography.Text type="secondary">
              {t('thirdParty.settings.callback')}:{' '}
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                {`${window.location.origin}/api/oauth/${provider}/callback`}
              </Typography.Text>
            </Typography.Text>
          </Card>
        ))}
      </Flex>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('thirdParty.settings.save')}
        </Button>
      )}
    </Form>
  );
}

/** The apps staff sign in through (WeChat Work, DingTalk, WeChat), each with its write-only secret. */
export function IdentityProvidersSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(oauthQueries.settings());
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && <Providers settings={query.data} editable={editable} />}
    </QueryContent>
  );
}
