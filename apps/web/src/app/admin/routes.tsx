// The admin area's routes: every page loads on demand. The pages named here are the admin area's
// own (vite.config.ts groups the code of its first view, the dashboard, in one chunk).
import { Navigate, type RouteObject } from 'react-router';
import { ADMIN_FIRST_VIEW_NAMESPACES } from '../../i18n';
import { lazyPage } from '../lazy-page';
import type { TRouteHandle } from '../route-handle';

// The first view (the frame and the dashboard) loads its own texts and styles (./index.ts imports
// them), not every page's.
const firstView = { namespaces: ADMIN_FIRST_VIEW_NAMESPACES, styles: null };
const AdminArea = lazyPage(() => import('./index'), 'AdminArea', firstView);
const RequireAdmin = lazyPage(() => import('./index'), 'RequireAdmin');
const RequireSuperadmin = lazyPage(() => import('./index'), 'RequireSuperadmin');
const DashboardPage = lazyPage(
  () => import('../../features/dashboard/DashboardPage'),
  'DashboardPage',
  firstView,
);
const MessagesPage = lazyPage(() => import('./MessagesRoute'), 'MessagesRoute');
const ComposePage = lazyPage(() => import('./ComposeRoute'), 'ComposeRoute');
const InboxPage = lazyPage(() => import('../../features/inbox/InboxPage'), 'InboxPage');
const SchedulesPage = lazyPage(() => import('../../features/schedules/SchedulesPage'), 'SchedulesPage');
const TemplatesPage = lazyPage(() => import('../../features/templates/TemplatesPage'), 'TemplatesPage');
const SmsContactsPage = lazyPage(
  () => import('../../features/sms-contacts/SmsContactsPage'),
  'SmsContactsPage',
);
const MachinesPage = lazyPage(() => import('../../features/machines/MachinesPage'), 'MachinesPage');
const DownloadPage = lazyPage(() => import('../../features/download/DownloadPage'), 'DownloadPage');
const AppPilotPage = lazyPage(() => import('../../features/download/AppPilotPage'), 'AppPilotPage');
const AdminContactPage = lazyPage(
  () => import('../../features/contact/AdminContactPage'),
  'AdminContactPage',
);
const SuperadminPage = lazyPage(() => import('../../features/superadmin/SuperadminPage'), 'SuperadminPage');
const UsersPage = lazyPage(() => import('../../features/users/UsersPage'), 'UsersPage');
const BillingPage = lazyPage(() => import('../../features/billing/BillingPage'), 'BillingPage');
const SettingsPage = lazyPage(() => import('../../features/settings/SettingsPage'), 'SettingsPage');
const AccountPage = lazyPage(() => import('../../features/account/AccountPage'), 'AccountPage');
const AuditPage = lazyPage(() => import('../../features/audit/AuditPage'), 'AuditPage');
const WebhooksPage = lazyPage(() => import('../../features/webhooks/WebhooksPage'), 'WebhooksPage');
const WeatherPage = lazyPage(() => import('../../features/weather/WeatherPage'), 'WeatherPage');
const AdminNotFound = lazyPage(() => import('./AdminNotFound'), 'AdminNotFound', firstView);

const adminOnly: TRouteHandle = { adminOnly: true };
// What an emergency needs works on a phone (decision 0043); the other pages say they need a larger
// display there. Account too, where two-factor is set up before anything else.
const phone: TRouteHandle = { phone: true };

export const adminRoute: RouteObject = {
  path: 'admin',
  element: <AdminArea />,
  children: [
    { index: true, element: <Navigate to="/admin/dashboard" replace />, handle: phone },
    { path: 'dashboard', element: <DashboardPage />, handle: phone },
    { path: 'messages', element: <MessagesPage />, handle: phone },
    // New alert: write, see in every language and send on one screen (decision 0082).
    { path: 'alert', element: <ComposePage />, handle: phone },
    { path: 'schedules', element: <SchedulesPage /> },
    { path: 'templates', element: <TemplatesPage /> },
    // Replies are answered and contacts looked up and paused from a phone in an emergency.
    { path: 'inbox', element: <InboxPage />, handle: phone },
    { path: 'sms-contacts', element: <SmsContactsPage />, handle: phone },
    { path: 'machines', element: <MachinesPage />, handle: phone },
    { path: 'download', element: <DownloadPage /> },
    { path: 'app-pilot', element: <AppPilotPage /> },
    { path: 'contact', element: <AdminContactPage /> },
    { path: 'account', element: <AccountPage />, handle: phone },
    {
      element: <RequireSuperadmin />,
      children: [{ path: 'superadmin', element: <SuperadminPage /> }],
    },
    {
      element: <RequireAdmin />,
      handle: adminOnly,
      children: [
        { path: 'users', element: <UsersPage /> },
        { path: 'billing', element: <BillingPage /> },
        // A new station's first steps (SMS on, languages, types) can be taken on a phone.
        { path: 'settings', element: <SettingsPage />, handle: phone },
        { path: 'audit', element: <AuditPage /> },
        { path: 'webhooks', element: <WebhooksPage /> },
        // Watched on a phone too: a tornado warning does not wait for a desk (decision 0043).
        { path: 'weather', element: <WeatherPage />, handle: phone },
      ],
    },
    // Any other /admin path: signed out, AdminArea sends it to sign in like every page here.
    { path: '*', element: <AdminNotFound />, handle: phone },
  ],
};
