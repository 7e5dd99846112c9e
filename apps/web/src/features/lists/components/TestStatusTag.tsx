import type { TestStatus } from '@cool/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<TestStatus, string> = {
  on_shelf: 'success',
  draft: 'default',
  off_shelf: 'warning',
};

export function TestStatusTag({ status }: { status: TestStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOURS[status]}>{t(`lists.status.${status}`)}</Tag>;
}
