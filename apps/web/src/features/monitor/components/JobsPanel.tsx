import type { JobQueues } from '@cool/shared';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useJobQueues } from '../api.ts';

type Queue = JobQueues['queues'][number];
const COUNTS = ['queued', 'active', 'completed', 'failed'] as const;

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
            scroll={{ x: 'max-content' }}
            loading={query.isLoading}
            dataSource={data?.queues ?? []}
            locale={{ emptyText: t('monitor.jobs.empty') }}
            columns={[
              { key: 'name', title: t('monitor.jobs.queue'), dataIndex: 'name' },
              ...COUNTS.map((state) => ({
                key: state,
                title: t(`monitor.jobs.${state}`),
                align: 'right' as const,
                render: (_: unknown, queue: Queue) =>
                  state === 'failed' && queue.failed > 0 ? (
                    <Typography.Text type="danger">{queue.failed}</Typography.Text>
                  ) : (
                    queue[state]
                  ),
              })),
            ]}
          />
        )}
      </QueryContent>
    </Panel>
  );
}
