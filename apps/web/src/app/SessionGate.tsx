import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { errorText } from '../shared/http/errorText.ts';
import { fetchUserInfo } from '../shared/session/api.ts';
import { useAuthStore } from '../shared/session/authStore.ts';
import { useNotices } from '../shared/ui/notices.ts';
import { PageLoading } from '../shared/ui/PageLoading.tsx';

/**
 * Stands in for every console path until the session is known (SPEC 2 guard): no token goes to login
 * with a redirect back; a token loads the user info, whose failure signs out with an error notice.
 */
export function SessionGate() {
  const { t } = useTranslation();
  const { notification } = useNotices();
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const setUser = useAuthStore((s) => s.setUser);
  const signOut = useAuthStore((s) => s.signOut);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetchUserInfo().then(
      (info) => {
        if (!cancelled) setUser(info);
      },
      (error: unknown) => {
        if (cancelled) return;
        notification.error({ title: errorText(error, t) });
        signOut();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, setUser, signOut, notification, t]);

  if (!token) {
    // /user is also the user-layout parent: signed-out visitors simply get the login page (SPEC 2).
    if (location.pathname === '/user') return <Navigate to="/user/login" replace />;
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/user/login?redirect=${redirect}`} replace />;
  }
  return <PageLoading />;
}
