// Vite config for the SPA: dev server proxies every server path to the API on :3000.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxiedPaths = ['/api', '/admin/api', '/auth', '/dev/api', '/healthz', '/readyz', '/webhooks'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
    // scripts/prerender.mjs reads it to preload the prerendered pages' chunks, then removes it.
    manifest: true,
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
