import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuthStore } from '../shared/session/authStore.ts';
import { loadUser } from '../shared/session/loadUser.ts';
import { PageOutline, UserInfoFailed } from './consoleShell.ts';

/**
 * Stands in for every console path until the session is known (docs/spec.md section 2, navigation guard): no
 * token goes to login with a redirect back; a token loads the user info while the console's frame shows the
 * page's outline. A failure that ends the session signs out with an error notice (loadUser); any other keeps
 * the token and says what failed, with Retry.
 */
export function SessionGate() {
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const userError = useAuthStore((s) => s.userError);

  useEffect(() => {
    if (token) loadUser(token).catch(() => undefined);
  }, [token]);

  if (!token) {
    // /user is also the user-layout parent (docs/spec.md section 2): signed-out visitors get the login page.
    if (location.pathname === '/user') return <Navigate to="/user/login" replace />;
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/user/login?redirect=${redirect}`} replace />;
  }
  if (userError)
    return (
      <UserInfoFailed
        error={userError}
        onRetry={() => {
          useAuthStore.getState().setUserError(null);
          loadUser(token).catch(() => undefined);
        }}
      />
    );
  return <PageOutline />;
}
