// Vite config for the SPA: dev server proxies every server path to the API on :3000.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { leanPreloads, pureSharedDeclarations, splitSharedDeclarations, startChunks } from './build/chunks';
import { endpointEntriesWithoutSchemas } from './build/endpoint-entries';
import { fontPreload } from './build/font-preload';
import { scrollClassNamesOnly } from './build/scroll-class-names';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxiedPaths = [
  '/api',
  '/admin/api',
  '/auth',
  '/dev/api',
  '/docs/api/assets',
  '/healthz',
  '/readyz',
  '/webhooks',
];

/** The app's second step (main.tsx): every route and the Mantine components, evaluated on its own. */
const BOOT_MODULE = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));
/** The prerendered page (decision 0014). */
const LANDING_PAGE = fileURLToPath(new URL('./src/public/LandingPage.tsx', import.meta.url));

/**
 * Lazy imports of the prerendered landing page's start, made while its markup is already on
 * screen: the browser finds their chunks itself, with no run-time links (decision 0014).
 */
const UNPRELOADED_IMPORTS = [BOOT_MODULE, LANDING_PAGE, /[\\/]@mantine[\\/](notifications|modals)[\\/]/];

/** Where the pages outside the admin area are named: each of its lazy imports is a page. */
const ROUTES_MODULE = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));
/** Where the admin area's pages are named: each of its lazy imports is an admin page. */
const ADMIN_ROUTES_MODULE = fileURLToPath(new URL('./src/app/admin/routes.tsx', import.meta.url));
/** What a signed-in visit of /admin shows first: the admin frame and the dashboard. */
const ADMIN_FIRST_VIEW = [
  fileURLToPath(new URL('./src/app/admin/index.ts', import.meta.url)),
  fileURLToPath(new URL('./src/features/dashboard/DashboardPage.tsx', import.meta.url)),
];
/**
 * What a subscriber page's first visit loads beyond the start: the join page, the subscriber
 * layout, and what attaches the app to the server's markup (decision 0044).
 */
const SUBSCRIBER_FIRST_VIEW = [
  fileURLToPath(new URL('./src/features/subscribers/JoinPage.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/features/subscribers/SubscriberLayout.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/features/subscribers/server-rendered.ts', import.meta.url)),
];
/** The dashboard's first-run checklist, loaded when the station has one to show (decision 0062). */
const FIRST_RUN_CARD = fileURLToPath(new URL('./src/features/dashboard/FirstRunCard.tsx', import.meta.url));
/** The subscriber pages' own modules (join, unsubscribe, thanks, their layout). */
const SUBSCRIBER_PAGE = /[\\/]src[\\/]features[\\/]subscribers[\\/]/;
/**
 * Lazy imports that load only when something calls for them: the language menu on its button's
 * first click, the notifications container with the first notice, the modals provider with the
 * first modal (AppProviders.tsx), the landing page's enlarged screenshot, the join page's code
 * form. Like pages, what they share with the admin area's first view
 * may be grouped with it: the landing page does not load them by itself.
 */
const ON_INTERACTION: readonly (string | RegExp)[] = [
  fileURLToPath(new URL('./src/app/layouts/LanguageMenu.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/app/NotificationsContainer.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/public/landing/ScreenshotModal.tsx', import.meta.url)),
  // The dashboard's first-run checklist when the station has one to show, and its join link while
  // the first subscriber is to come (decision 0062).
  FIRST_RUN_CARD,
  fileURLToPath(new URL('./src/features/dashboard/FirstRunJoinLink.tsx', import.meta.url)),
  // The dashboard's notice of texts held after a restore, when there are (decision 0062).
  fileURLToPath(new URL('./src/features/dashboard/HeldAfterRestoreDashboardNotice.tsx', import.meta.url)),
  // The join page's code form, once the number is sent.
  fileURLToPath(new URL('./src/features/subscribers/VerifyCodeForm.tsx', import.meta.url)),
  /[\\/]@mantine[\\/]modals[\\/]/,
];
const onInteraction = (id: string) =>
  ON_INTERACTION.some((pattern) => (typeof pattern === 'string' ? id === pattern : pattern.test(id)));

const chunks = startChunks({
  boot: BOOT_MODULE,
  landing: LANDING_PAGE,
  routes: ROUTES_MODULE,
  adminRoutes: ADMIN_ROUTES_MODULE,
  adminFirstView: ADMIN_FIRST_VIEW,
  subscriberFirstView: SUBSCRIBER_FIRST_VIEW,
  firstRunCard: FIRST_RUN_CARD,
  subscriberPage: SUBSCRIBER_PAGE,
  onInteraction,
});
const preloads = leanPreloads({ boot: BOOT_MODULE, unpreloaded: UNPRELOADED_IMPORTS });

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    preloads.plugin,
    endpointEntriesWithoutSchemas(),
    scrollClassNamesOnly(),
    pureSharedDeclarations(),
    splitSharedDeclarations(),
    chunks.plugin,
    fontPreload(),
  ],
  resolve: {
    // The shared package's sources, not its build; the catalogue entry (values without zod,
    // decision 0073) before the main one, which would otherwise take its subpath.
    alias: {
      '@message-station/shared/catalogue': fileURLToPath(
        new URL('../../packages/shared/src/catalogue/index.ts', import.meta.url),
      ),
      '@message-station/shared': fileURLToPath(
        new URL('../../packages/shared/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each chunk imports, read by scripts/page-weight.mjs (the
    // first visits' weight budget, decision 0062). The server's static files include it: it
    // names only the build's public files and the source paths they came from.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      // The shared package is pure (schemas and constants): whatever the SPA does not use,
      // e.g. zod schemas that only the server validates with, is left out of the bundle.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      // The browser's chunks by who loads them; the server renderer (scripts/prerender.mjs) is
      // read from disk once and needs none of it.
      output: isSsrBuild ? {} : { codeSplitting: { groups: chunks.groups } },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
  },
}));
