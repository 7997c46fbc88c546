// Vite config for the SPA: dev server proxies every server path to the API on :3000.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxiedPaths = ['/api', '/admin/api', '/auth', '/dev/api', '/healthz', '/readyz', '/webhooks'];

/** The app's second step (main.tsx): every route and the Mantine components, evaluated on its own. */
const BOOT_MODULE = fileURLToPath(new URL('./src/app/boot.ts', import.meta.url));

/**
 * Lazy imports of the prerendered landing page's start, made while its markup is already on
 * screen: the browser finds their chunks itself, with no run-time links (decision 0014).
 */
const UNPRELOADED_IMPORTS = [
  BOOT_MODULE,
  fileURLToPath(new URL('./src/public/LandingPage.tsx', import.meta.url)),
  /[\\/]@mantine[\\/](notifications|modals)[\\/]/,
];

function isUnpreloaded(moduleIds: readonly string[]): boolean {
  return UNPRELOADED_IMPORTS.some((pattern) =>
    moduleIds.some((id) => (typeof pattern === 'string' ? id === pattern : pattern.test(id))),
  );
}

/**
 * Vite preloads the chunks a lazy import needs with one <link rel=modulepreload> each, inserted at
 * run time, and each costs main-thread time (decision 0014). So: the chunks of the start (the
 * entry and src/app/boot.ts with everything they import) are named in index.html instead, where
 * links cost nothing at run time, and left out of every lazy import's list, being loaded by then.
 * The prerendered landing page drops those links (scripts/prerender.mjs) and lets the browser
 * find the chunks after its first paint.
 */
function leanPreloads() {
  const loadedAtStart = new Set<string>();
  const unpreloaded = new Set<string>();
  const plugin: Plugin = {
    name: 'message-station:lean-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      loadedAtStart.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (loadedAtStart.has(fileName) || chunk?.type !== 'chunk') return;
        loadedAtStart.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      unpreloaded.clear();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (isUnpreloaded(chunk.moduleIds)) unpreloaded.add(chunk.fileName);
        if (chunk.isEntry || chunk.facadeModuleId === BOOT_MODULE) visit(chunk.fileName);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
        return [...loadedAtStart]
          .filter((fileName) => !named.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
  const resolveDependencies = (
    filename: string,
    deps: string[],
    { hostType }: { hostType: 'html' | 'js' },
  ) => {
    if (hostType === 'html') return deps;
    if (unpreloaded.has(filename)) return [];
    return deps.filter((dep) => !loadedAtStart.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = leanPreloads();

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloads.plugin],
  resolve: {
    alias: {
      '@message-station/shared': fileURLToPath(
        new URL('../../packages/shared/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      // The shared package is pure (schemas and constants): whatever the SPA does not use,
      // e.g. zod schemas that only the server validates with, is left out of the bundle.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
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
});
