// Every page of the product, for the journeys that visit them all (console errors, narrow screens,
// accessibility) and for scripts/screenshots.mjs. Plain JavaScript, so that script imports it too.

/** The product's own pages with the site's header and footer (and the forgotten-password form). */
export const PUBLIC_SITE_PAGES = [
  '/',
  '/platform-overview',
  '/press-release',
  '/privacy',
  '/terms',
  '/docs',
  '/docs/setup',
  '/docs/sms',
  '/docs/desktop',
  '/docs/api',
  '/contact',
  '/forgot-password',
];

/** Every public page: the site's, the account pages, and the seeded demo station's subscriber pages. */
export const EVERY_PUBLIC_PAGE = [
  ...PUBLIC_SITE_PAGES,
  '/signup',
  '/admin/login',
  '/reset-password',
  '/accept-invitation',
  '/join/demo',
  '/join/demo/thanks',
  '/unsubscribe/demo',
];

/** Every page of a station's admin area (the superadmin's page is apart: another account). */
export const ADMIN_PAGES = [
  '/admin/dashboard',
  '/admin/messages',
  '/admin/alert',
  '/admin/schedules',
  '/admin/templates',
  '/admin/inbox',
  '/admin/sms-contacts',
  '/admin/machines',
  '/admin/download',
  '/admin/app-pilot',
  '/admin/contact',
  '/admin/account',
  '/admin/users',
  '/admin/billing',
  '/admin/settings',
  '/admin/audit',
];
