import { usePermission } from '../permissions/usePermission.ts';

/** The alerts queue opens the alert this URL parameter names: other screens link to it with `alertPath`. */
export const OPEN_ALERT = 'alert';

/** The alerts queue with this alert's follow-up open. */
export const alertPath = (id: number) => `/alerts?${OPEN_ALERT}=${id}`;

/** Whether the role may follow such a link: the queue (alerts.query) and the alert's follow-up (alerts.get). */
export function useCanOpenAlert() {
  const allowed = usePermission();
  return allowed('alerts', 'query') && allowed('alerts', 'get');
}
