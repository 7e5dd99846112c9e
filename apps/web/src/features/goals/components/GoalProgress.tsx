import type { Goal } from '@cool/shared';
import { formatNumber } from '@cool/shared';
import { Flex, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** Records submitted in the goal's period against its target number (just the count without one). */
export function GoalProgress({ goal }: { goal: Pick<Goal, 'progress' | 'targetCount' | 'status'> }) {
  const { t } = useTranslation();
  const { submitted, percent } = goal.progress;
  const count =
    goal.targetCount === null
      ? t('goals.progress.submitted', { count: submitted, n: formatNumber(submitted) })
      : t('goals.progress.ofTarget', {
          submitted: formatNumber(submitted),
          target: formatNumber(goal.targetCount),
        });
  return (
    <Flex vertical style={{ minWidth: 120 }}>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          status={goal.status === 'cancelled' ? 'exception' : percent >= 100 ? 'success' : 'normal'}
        />
      )}
      <span>{count}</span>
    </Flex>
  );
}
