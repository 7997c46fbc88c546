// Every route of the product. Pages load on demand: the public site never downloads
// admin code, and each page is its own chunk. The landing page, prerendered at build time, loads
// only its own texts and the first-paint styles; every other page loads all of them (lazyPage).
import { Navigate, type RouteObject } from 'react-router';
import { adminRoute } from './admin/routes';
import { PublicLayout } from './layouts/PublicLayout';
import { lazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// Public site
const LandingPage = lazyPage(() => import('../public/LandingPage'), 'LandingPage', {
  namespaces: ['landing'],
  styles: null,
});
const PlatformOverviewPage = lazyPage(() => import('../public/PlatformOverviewPage'), 'PlatformOverviewPage');
const PressReleasePage = lazyPage(() => import('../public/PressReleasePage'), 'PressReleasePage');
const PrivacyPage = lazyPage(() => import('../public/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../public/TermsPage'), 'TermsPage');
const DocsPage = lazyPage(() => import('../public/DocsPage'), 'DocsPage');
const DocsSmsPage = lazyPage(() => import('../public/DocsGuidePage'), 'DocsSmsPage');
const DocsSetupPage = lazyPage(() => import('../public/DocsGuidePage'), 'DocsSetupPage');
const DocsDesktopPage = lazyPage(() => import('../public/DocsGuidePage'), 'DocsDesktopPage');
const DocsApiPage = lazyPage(() => import('../public/DocsApiPage'), 'DocsApiPage');
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
/**
 * The subscriber pages speak from their own texts (subscriber-i18n.ts) and need few styles: the
 * server renders them with those inline (decision 0044).
 */
const SUBSCRIBER_PAGE_NEEDS = {
  namespaces: [],
  styles: () => import('../features/subscribers/subscriber-styles'),
};
const JoinPage = lazyPage(
  () => import('../features/subscribers/JoinPage'),
  'JoinPage',
  SUBSCRIBER_PAGE_NEEDS,
);
const UnsubscribePage = lazyPage(
  () => import('../features/subscribers/UnsubscribePage'),
  'UnsubscribePage',
  SUBSCRIBER_PAGE_NEEDS,
);
const ThanksPage = lazyPage(
  () => import('../features/subscribers/ThanksPage'),
  'ThanksPage',
  SUBSCRIBER_PAGE_NEEDS,
);
const SubscriberLayout = lazyPage(
  () => import('../features/subscribers/SubscriberLayout'),
  'SubscriberLayout',
  { ...SUBSCRIBER_PAGE_NEEDS, layout: true },
);
const DevOutboxPage = lazyPage(() => import('../features/dev-outbox/DevOutboxPage'), 'DevOutboxPage');
const DevCheckoutPage = lazyPage(() => import('../features/billing/DevCheckoutPage'), 'DevCheckoutPage');

/** Short paths that lead to their /admin/… page. */
export const ADMIN_ALIASES = [
  'dashboard',
  'messages',
  'sms-contacts',
  'users',
  'billing',
  'settings',
] as const;

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
          { path: 'docs/setup', element: <DocsSetupPage /> },
          { path: 'docs/desktop', element: <DocsDesktopPage /> },
          { path: 'docs/api', element: <DocsApiPage /> },
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
      adminRoute,
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
