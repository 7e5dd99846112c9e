import type { AuditEntry } from '@cool/shared';
import { Timeline, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useRecentActivity } from '../api.ts';

/** The template's activity feed: the audit log's newest entries, who did what to what, and when. */
export function RecentActivity() {
  const { t } = useTranslation();
  const query = useRecentActivity();
  const entries = query.data?.data;
  return (
    <Panel
      title={t('workplace.activity.title')}
      extra={<Link to="/system/audit">{t('workplace.activity.more')}</Link>}
    >
      <QueryContent query={query} errorTitle={t('workplace.activity.loadFailed')}>
        {query.isPending && <PageLoading />}
        {entries && entries.length === 0 && (
          <Typography.Text type="secondary">{t('workplace.activity.empty')}</Typography.Text>
        )}
        {entries && entries.length > 0 && (
          <Timeline
            items={entries.map((entry) => ({
              key: entry.id,
              content: (
                <>
                  <div style={{ overflowWrap: 'anywhere' }}>
                    <Typography.Text strong>{actorOf(t, entry)}</Typography.Text>{' '}
                    {t(`workplace.verb.${entry.action}`, { defaultValue: entry.action })} {entityOf(t, entry)}
                  </div>
                  <Typography.Text type="secondary">{formatDateTime(entry.time)}</Typography.Text>
                </>
              ),
            }))}
          />
        )}
      </QueryContent>
    </Panel>
  );
}

const actorOf = (t: TFunction, entry: AuditEntry) =>
  entry.actorUsername ?? (entry.actorId === null ? t('workplace.activity.system') : `#${entry.actorId}`);

function entityOf(t: TFunction, entry: AuditEntry) {
  const entity = t(`workplace.entity.${entry.entityType}`, { defaultValue: entry.entityType });
  return entry.entityId ? t('workplace.activity.entity', { entity, id: entry.entityId }) : entity;
}
