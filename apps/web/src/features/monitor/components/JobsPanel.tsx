import { formatNumber, type JobQueues } from '@cool/shared';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useJobQueues } from '../api.ts';
import type strings from '../strings/en-US.json';

type Queue = JobQueues['queues'][number];
const COUNTS = ['queued', 'active', 'completed', 'failed'] as const;
/** The queues apps/server/src/jobs/registry.ts registers, each with a label in both languages. */
type KnownQueue = keyof (typeof strings)['monitor']['jobs']['queue'];

/**
 * A queue's label in the user's language, and the server's name under it (what its log says); a queue added on
 * the server before this console knows it shows its name alone.
 */
function QueueName({ name }: { name: string }) {
  const { t } = useTranslation();
  const label = t(`monitor.jobs.queue.${name as KnownQueue}`, { defaultValue: name });
  if (label === name) return name;
  return (
    <>
      <div>{label}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {name}
      </Typography.Text>
    </>
  );
}

/** The server's job queue (pg-boss): each queue's jobs of the last day by state. */
export function JobsPanel() {
  const { t } = useTranslation();
  const query = useJobQueues();
  const data = query.data;
  return (
    <Panel title={t('monitor.jobs.title')}>
      <QueryContent query={query} errorTitle={t('monitor.jobs.loadFailed')}>
        {data && !data.available ? (
          <Typography.Text type="secondary">{t('monitor.jobs.unavailable')}</Typography.Text>
        ) : (
          <Table<Queue>
            size="small"
            rowKey="name"
            pagination={false}
            // No sideways scroll: the queue's name wraps (at the server name's hyphens too), so the counts'
            // columns stay in the panel, whole.
            loading={query.isLoading}
            dataSource={data?.queues ?? []}
            locale={{ emptyText: t('monitor.jobs.empty') }}
            columns={[
              {
                key: 'name',
                title: t('monitor.jobs.queueColumn'),
                onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
                render: (_: unknown, queue: Queue) => <QueueName name={queue.name} />,
              },
              ...COUNTS.map((state) => ({
                key: state,
                title: t(`monitor.jobs.${state}`),
                align: 'right' as const,
                onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
                render: (_: unknown, queue: Queue) =>
                  state === 'failed' && queue.failed > 0 ? (
                    <Typography.Text type="danger">{formatNumber(queue.failed)}</Typography.Text>
                  ) : (
                    formatNumber(queue[state])
                  ),
              })),
            ]}
          />
        )}
      </QueryContent>
    </Panel>
  );
}
