// Every route of the product (spec §2). Pages load on demand: the public site never downloads
// admin code, and each page is its own chunk. The landing page, prerendered at build time, loads
// only its own texts and the first-paint styles; every other page loads all of them (lazyPage).
import { Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout';
import { lazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { TRouteHandle } from './route-handle';

// Public site
const LandingPage = lazyPage(() => import('../public/LandingPage'), 'LandingPage', {
  namespaces: ['landing'],
  allStyles: false,
});
const PlatformOverviewPage = lazyPage(() => import('../public/PlatformOverviewPage'), 'PlatformOverviewPage');
const PressReleasePage = lazyPage(() => import('../public/PressReleasePage'), 'PressReleasePage');
const PrivacyPage = lazyPage(() => import('../public/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../public/TermsPage'), 'TermsPage');
const DocsPage = lazyPage(() => import('../public/DocsPage'), 'DocsPage');
const DocsSmsPage = lazyPage(() => import('../public/DocsSmsPage'), 'DocsSmsPage');
const NotFoundPage = lazyPage(() => import('../public/NotFoundPage'), 'NotFoundPage');
const ContactPage = lazyPage(() => import('../features/contact/ContactPage'), 'ContactPage');
const SignupPage = lazyPage(() => import('../features/registration/SignupPage'), 'SignupPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const AcceptInvitationPage = lazyPage(
  () => import('../features/auth/AcceptInvitationPage'),
  'AcceptInvitationPage',
);
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const JoinPage = lazyPage(() => import('../features/subscribers/JoinPage'), 'JoinPage');
const UnsubscribePage = lazyPage(() => import('../features/subscribers/UnsubscribePage'), 'UnsubscribePage');
const ThanksPage = lazyPage(() => import('../features/subscribers/ThanksPage'), 'ThanksPage');
const SubscriberLayout = lazyPage(
  () => import('../features/subscribers/SubscriberLayout'),
  'SubscriberLayout',
);
const DevOutboxPage = lazyPage(() => import('../features/dev-outbox/DevOutboxPage'), 'DevOutboxPage');
const DevCheckoutPage = lazyPage(() => import('../features/billing/DevCheckoutPage'), 'DevCheckoutPage');

// Admin area
const AdminArea = lazyPage(() => import('./admin'), 'AdminArea');
const RequireAdmin = lazyPage(() => import('./admin'), 'RequireAdmin');
const RequireSuperadmin = lazyPage(() => import('./admin'), 'RequireSuperadmin');
const DashboardPage = lazyPage(() => import('../features/dashboard/DashboardPage'), 'DashboardPage');
const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), 'MessagesPage');
const SmsContactsPage = lazyPage(() => import('../features/sms-contacts/SmsContactsPage'), 'SmsContactsPage');
const MachinesPage = lazyPage(() => import('../features/machines/MachinesPage'), 'MachinesPage');
const DownloadPage = lazyPage(() => import('../features/download/DownloadPage'), 'DownloadPage');
const AppPilotPage = lazyPage(() => import('../features/download/AppPilotPage'), 'AppPilotPage');
const AdminContactPage = lazyPage(() => import('../features/contact/AdminContactPage'), 'AdminContactPage');
const SuperadminPage = lazyPage(() => import('../features/superadmin/SuperadminPage'), 'SuperadminPage');
const UsersPage = lazyPage(() => import('../features/users/UsersPage'), 'UsersPage');
const BillingPage = lazyPage(() => import('../features/billing/BillingPage'), 'BillingPage');
const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage');
const AuditPage = lazyPage(() => import('../features/audit/AuditPage'), 'AuditPage');

/** Short paths that lead to their /admin/… page. */
export const ADMIN_ALIASES = [
  'dashboard',
  'messages',
  'sms-contacts',
  'users',
  'billing',
  'settings',
] as const;

const adminOnly: TRouteHandle = { adminOnly: true };

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'platform-overview', element: <PlatformOverviewPage /> },
          { path: 'press-release', element: <PressReleasePage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'docs', element: <DocsPage /> },
          { path: 'docs/sms', element: <DocsSmsPage /> },
        ],
      },
      {
        element: <PublicLayout variant="minimal" />,
        children: [
          { path: 'signup', element: <SignupPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'accept-invitation', element: <AcceptInvitationPage /> },
          { path: 'admin/login', element: <LoginPage /> },
          { path: 'login', element: <LoginPage /> },
        ],
      },
      {
        // The station's pages for its subscribers, in their language (decision 0027).
        element: <SubscriberLayout />,
        children: [
          { path: 'join/:station', element: <JoinPage /> },
          { path: 'join/:station/thanks', element: <ThanksPage /> },
          { path: 'unsubscribe/:station', element: <UnsubscribePage /> },
        ],
      },
      {
        path: 'admin',
        element: <AdminArea />,
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'sms-contacts', element: <SmsContactsPage /> },
          { path: 'machines', element: <MachinesPage /> },
          { path: 'download', element: <DownloadPage /> },
          { path: 'app-pilot', element: <AppPilotPage /> },
          { path: 'contact', element: <AdminContactPage /> },
          { path: 'account', element: <AccountPage /> },
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
              { path: 'settings', element: <SettingsPage /> },
              { path: 'audit', element: <AuditPage /> },
            ],
          },
        ],
      },
      ...ADMIN_ALIASES.map((alias) => ({
        path: alias,
        element: <Navigate to={`/admin/${alias}`} replace />,
      })),
      {
        element: <PublicLayout variant="minimal" withFooter={false} />,
        children: [
          // Development only: the server answers its API with 404 when a real SMS provider is on.
          { path: 'dev/outbox', element: <DevOutboxPage /> },
          { path: 'dev/checkout', element: <DevCheckoutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
