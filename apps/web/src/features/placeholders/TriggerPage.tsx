import type { PermissionId } from '@cool/shared';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, api, typed } from '../../shared/http/client.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { ItemList } from '../../shared/ui/ItemList.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

const TRIALS = ['notFound', 'invalid', 'forbidden'] as const;
type Trial = (typeof TRIALS)[number];

/** Lists a role may be refused, each read with `query`: the first the role lacks shows a real 403. */
const GUARDED_LISTS: readonly [PermissionId, string][] = [
  ['outbox', '/outbox'],
  ['audit', '/audit-log'],
  ['accounts', '/accounts'],
  ['orders', '/orders'],
  ['participants', '/participants'],
];

interface Outcome {
  status: number;
  code?: string;
  shown: string;
}

/** Throws while rendering, so the page's error boundary shows what a broken screen looks like. */
function Broken(): never {
  throw new Error('Triggered from the exception page');
}

/**
 * Exception > Trigger (docs/spec.md section 2): real failing calls to this server (a missing test, a refused
 * page size, a list the role may not read) with what the console shows for each, a page that breaks while
 * rendering, and the exception pages themselves. For staff checking how the console behaves when things go
 * wrong.
 */
export default function TriggerPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const [outcomes, setOutcomes] = useState<Partial<Record<Trial, Outcome>>>({});
  const [pending, setPending] = useState<Trial | null>(null);
  const [broken, setBroken] = useState(false);
  const refused = GUARDED_LISTS.find(([permission]) => !can(permission, 'query'));

  const calls: Record<Trial, (() => Promise<unknown>) | undefined> = {
    notFound: () => api.get('/tests/2147483647', typed()),
    invalid: () => api.get('/tests', typed(), { params: { pageSize: 0 } }),
    forbidden: refused && (() => api.get(refused[1], typed())),
  };

  const run = async (trial: Trial) => {
    const call = calls[trial];
    if (!call) return;
    setPending(trial);
    try {
      await call();
      setOutcomes((all) => ({ ...all, [trial]: { status: 200, shown: t('trigger.answered') } }));
    } catch (error) {
      const code = error instanceof ApiError ? (error.result as { error?: string } | null)?.error : undefined;
      const status = error instanceof ApiError ? error.status : 0;
      setOutcomes((all) => ({ ...all, [trial]: { status, code, shown: errorText(error, t) } }));
    } finally {
      setPending(null);
    }
  };

  if (broken) return <Broken />;

  return (
    <PageContainer title={t('menu.exceptionTrigger')} content={t('trigger.description')}>
      <Card title={t('trigger.calls')}>
        <ItemList
          layout="vertical"
          label={t('trigger.calls')}
          rows={TRIALS.map((trial) => {
            const outcome = outcomes[trial];
            return {
              key: trial,
              title: t(`trigger.trial.${trial}.title`),
              description:
                trial === 'forbidden' && !refused
                  ? t('trigger.trial.forbidden.none')
                  : t(`trigger.trial.${trial}.description`),
              content: outcome && (
                <Flex gap={8} wrap align="baseline" data-testid={`outcome-${trial}`}>
                  <Tag color={outcome.status < 400 ? 'success' : 'error'}>HTTP {outcome.status}</Tag>
                  {outcome.code && <Typography.Text code>{outcome.code}</Typography.Text>}
                  <Typography.Text>{outcome.shown}</Typography.Text>
                </Flex>
              ),
              actions: (
                <Button
                  onClick={() => run(trial)}
                  loading={pending === trial}
                  disabled={!calls[trial] || (pending !== null && pending !== trial)}
                >
                  {t('trigger.send')}
                </Button>
              ),
            };
          })}
        />
      </Card>
      <Card title={t('trigger.screens')}>
        <Flex gap={8} wrap>
          <Button danger onClick={() => setBroken(true)}>
            {t('trigger.breakPage')}
          </Button>
          {(['403', '404', '500'] as const).map((status) => (
            <Link key={status} to={status === '404' ? '/404' : `/exception/${status}`}>
              <Button>{t('trigger.openPage', { status })}</Button>
            </Link>
          ))}
        </Flex>
      </Card>
    </PageContainer>
  );
}
