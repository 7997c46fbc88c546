// Entry of /admin/*: waits for the session, sends visitors to log in, then shows the admin layout
// with the signed-in user in context. On a phone (decision 0043) the layout is the compact one, and
// a page not made for phones shows the larger-display notice inside it.

import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useAdminPhone } from '../../components/use-admin-phone';
import type { TLoginRedirectState } from '../../features/auth/return-path';
import { useSessionQuery } from '../../lib/session';
import { isAdminOnlyHandle, isPhoneReadyHandle } from '../route-handle';
import { SessionUserContext } from '../session-user';
import { AdminLayout } from './AdminLayout';
import { AdminMobileNotice } from './AdminMobileNotice';

const ACCOUNT_PATH = '/admin/account';

export function AdminArea() {
  const session = useSessionQuery();
  const location = useLocation();
  const matches = useMatches();
  const phone = useAdminPhone();

  if (session.isPending) return <PageLoader fullScreen />;

  const user = session.data ?? null;
  if (!user) {
    const adminOnly = matches.some((match) => isAdminOnlyHandle(match.handle));
    const state: TLoginRedirectState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to={adminOnly ? '/login' : '/admin/login'} replace state={state} />;
  }

  // The station requires two-factor for admins and this one has none yet: set it up first.
  if (user.twoFactorSetupRequired && location.pathname !== ACCOUNT_PATH) {
    return <Navigate to={ACCOUNT_PATH} replace />;
  }

  // The page's code is not even loaded on a phone when the page is not made for one.
  const desktopOnly = phone && !matches.some((match) => isPhoneReadyHandle(match.handle));

  return (
    <SessionUserContext value={user}>
      <AdminLayout user={user} phone={phone}>
        {desktopOnly ? <AdminMobileNotice /> : <Outlet />}
      </AdminLayout>
    </SessionUserContext>
  );
}
