// The public site's pages, for the journeys that visit every one (console errors, narrow screens).

/** The product's own pages with the site's header and footer (and the forgotten-password form). */
export const PUBLIC_SITE_PAGES = [
  '/',
  '/platform-overview',
  '/press-release',
  '/privacy',
  '/terms',
  '/docs',
  '/docs/sms',
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
