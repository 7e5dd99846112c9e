import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getSignUpSettings, saveSignUpSettings, signUpSettingsKey } from '../../../shared/api/identity.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';

/** Whether people may sign up on the sign-in page; new accounts still wait for an administrator's approval. */
export function SignUpSection({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { message } = useNotices();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: signUpSettingsKey, queryFn: getSignUpSettings });
  const save = useMutation({
    mutationFn: saveSignUpSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(signUpSettingsKey, saved);
      message.success(t('center.saved'));
    },
    onError: (error) => message.error(errorText(error, t)),
  });
  return (
    <QueryContent query={query} errorTitle={t('center.loadFailed')}>
      {query.data && (
        <Flex vertical gap={8} style={{ maxWidth: 560 }}>
          <Flex align="center" gap={12}>
            <Switch
              checked={query.data.enabled}
              disabled={!editable}
              loading={save.isPending}
              onChange={(enabled) => save.mutate({ enabled })}
              aria-label={t('center.signUp.enabled')}
            />
            <span>{t('center.signUp.enabled')}</span>
          </Flex>
          <Typography.Text type="secondary">{t('center.signUp.hint')}</Typography.Text>
        </Flex>
      )}
    </QueryContent>
  );
}
