import { UserOutlined } from '@ant-design/icons';
import { EXPIRING_SOON_MINUTES, formatNumber, greetingFor } from '@cool/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Avatar, Flex, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useAuthStore } from '../../../shared/session/authStore.ts';
import { roleName, staffName } from '../../../shared/staff/builtInNames.ts';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryErrorState } from '../../../shared/ui/QueryErrorState.tsx';
import { useNewAlerts, useOrderToDo, useRecordsToday } from '../api.ts';

/** The greeting with the person's name and role, and the counts waiting for them (those their role may read). */
export function WorkplaceHeader() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useAuthStore((s) => s.user);
  const can = usePermission();
  if (!user) return null;
  return (
    <Panel>
      <Flex wrap gap={24} justify="space-between" align="center">
        <Flex gap={16} align="center" style={{ minWidth: 0 }}>
          <Avatar src={user.avatar || undefined} icon={<UserOutlined />} size={56} style={{ flex: 'none' }} />
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              {t(`workplace.greeting.${greetingFor(new Date().getHours())}`, { name: staffName(t, user) })}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t('workplace.role', { role: roleName(t, user.role) })}
            </Typography.Text>
          </Flex>
        </Flex>
        <Flex
          wrap
          gap={token.marginLG}
          role="group"
          aria-label={t('workplace.todo.label')}
          style={{ rowGap: token.margin }}
        >
          {can('alerts', 'query') && <NewAlerts />}
          {can('orders', 'query') && <OrdersToDo />}
          {can('records', 'query') && <RecordsToday />}
        </Flex>
      </Flex>
    </Panel>
  );
}

type CountQuery = Pick<UseQueryResult, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;

/**
 * The counts of one query, or, when it failed, an alert saying what failed with the error and a retry: a dash
 * would pass a failure off as "nothing waiting".
 */
function Counts({ query, failed, children }: { query: CountQuery; failed: string; children: ReactNode }) {
  if (!query.isError || query.data !== undefined) return children;
  return (
    <div style={{ minWidth: 0 }}>
      <QueryErrorState
        compact
        error={query.error}
        title={failed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    </div>
  );
}

/** A count that opens the page where it is acted on; a skeleton (and `aria-busy`) until it arrives. */
function Count({
  title,
  value,
  to,
  suffix,
}: {
  title: string;
  value: number | undefined;
  to: string;
  suffix?: ReactNode;
}) {
  const loading = value === undefined;
  return (
    <Link to={to} style={{ color: 'inherit' }} aria-busy={loading}>
      <Statistic title={title} value={formatNumber(value)} loading={loading} suffix={suffix} />
    </Link>
  );
}

function NewAlerts() {
  const { t } = useTranslation();
  const query = useNewAlerts();
  return (
    <Counts query={query} failed={t('workplace.todo.alertsFailed')}>
      <Count title={t('workplace.todo.newAlerts')} value={query.data?.new} to="/alerts?status=new" />
    </Counts>
  );
}

function OrdersToDo() {
  const { t } = useTranslation();
  const query = useOrderToDo();
  const { data } = query;
  return (
    <Counts query={query} failed={t('workplace.todo.ordersFailed')}>
      <Count
        title={t('workplace.todo.refunds')}
        value={data && data.refundsProcessing + data.refundsAbnormal}
        to="/order?status=refunding"
        suffix={
          data && data.refundsAbnormal > 0 ? (
            <Typography.Text type="danger" style={{ fontSize: 'initial' }}>
              {t('workplace.todo.abnormal', { n: formatNumber(data.refundsAbnormal) })}
            </Typography.Text>
          ) : undefined
        }
      />
      <Count
        title={t('workplace.todo.expiringSoon', { minutes: EXPIRING_SOON_MINUTES })}
        value={data?.unpaidExpiringSoon}
        to="/order?status=unpaid"
      />
    </Counts>
  );
}

function RecordsToday() {
  const { t } = useTranslation();
  const query = useRecordsToday();
  return (
    <Counts query={query} failed={t('workplace.todo.recordsFailed')}>
      <Count title={t('workplace.todo.submittedToday')} value={query.data?.submittedToday} to="/records" />
    </Counts>
  );
}
