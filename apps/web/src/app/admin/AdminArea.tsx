// Entry of /admin/*: waits for the session, sends visitors to log in, refuses small screens,
// then shows the admin layout with the signed-in user in context.

import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@message-station/shared';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useSessionQuery } from '../../features/auth/queries';
import type { TLoginRedirectState } from '../../features/auth/return-path';
import { SessionUserContext } from '../../features/auth/session-user';
import { isAdminOnlyHandle } from '../route-handle';
import { AdminLayout } from './AdminLayout';
import { AdminMobileNotice } from './AdminMobileNotice';

const ACCOUNT_PATH = '/admin/account';

export const ADMIN_MOBILE_QUERY = `(max-width: ${LIMITS.adminMobileMaxWidth}px)`;

export function AdminArea() {
  const session = useSessionQuery();
  const location = useLocation();
  const matches = useMatches();
  // Read the width on the first render so a phone never flashes the desktop layout.
  const isSmallScreen = useMediaQuery(ADMIN_MOBILE_QUERY, false, { getInitialValueInEffect: false });

  if (session.isPending) return <PageLoader fullScreen />;

  const user = session.data ?? null;
  if (!user) {
    const adminOnly = matches.some((match) => isAdminOnlyHandle(match.handle));
    const state: TLoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={adminOnly ? '/login' : '/admin/login'} replace state={state} />;
  }

  if (isSmallScreen) return <AdminMobileNotice />;

  // The station requires two-factor for admins and this one has none yet: set it up first.
  if (user.twoFactorSetupRequired && location.pathname !== ACCOUNT_PATH) {
    return <Navigate to={ACCOUNT_PATH} replace />;
  }

  return (
    <SessionUserContext value={user}>
      <AdminLayout user={user}>
        <Outlet />
      </AdminLayout>
    </SessionUserContext>
  );
}
