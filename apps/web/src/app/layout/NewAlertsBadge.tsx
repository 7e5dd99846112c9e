import { Badge } from 'antd';

/** The menu's count of new alerts: its own chunk, downloaded only once there are some to count. */
export default function NewAlertsBadge({ count }: { count: number }) {
  return <Badge count={count} size="small" title={String(count)} />;
}
