// Vite config for the React client. root = client/, output = dist/client (served by the server).
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import linguiConfig from './lingui.config';
import { catalogParts } from './catalog-parts';
import { linguiMacro } from './lingui-macro';
import { precompress } from './precompress';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
// The Lingui macro looks for its config from the working directory; point it at ours.
process.env.LINGUI_CONFIG ??= here('./lingui.config.ts');

const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

// /admin/* (and friends) are both client routes and server paths: browser navigations (Accept: text/html)
// stay with Vite's SPA fallback, everything else goes to the server.
const apiOnly: ProxyOptions = {
  target: apiTarget,
  changeOrigin: false,
  bypass(req) {
    const accept = req.headers.accept ?? '';
    if (req.method === 'GET' && accept.includes('text/html')) return req.url;
    return undefined;
  },
};

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  resolve: {
    alias: {
      '@shared': here('../shared'),
      '@': here('./src'),
    },
  },
  plugins: [
    react(),
    linguiMacro(),
    catalogParts({ root: here('.'), locales: linguiConfig.locales, sourceLocale: linguiConfig.sourceLocale ?? 'en' }),
    precompress(),
  ],
  build: {
    outDir: here('../dist/client'),
    emptyOutDir: true,
    // No source maps in the production build: they would publish the source (issue 17). `vite build
    // --sourcemap` makes them for a local investigation; the server never serves .map files either.
    sourcemap: false,
    // scripts/check-bundle.ts reads it to hold the first load to its budget.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: false,
    proxy: {
      '/trpc': { ...apiOnly },
      '/api': { ...apiOnly },
      '/admin': { ...apiOnly },
      '/files': { ...apiOnly },
      '/healthz': { ...apiOnly },
      '/readyz': { ...apiOnly },
      '/ws': { target: apiTarget, ws: true },
    },
  },
});
