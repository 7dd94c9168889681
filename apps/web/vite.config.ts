import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { interLatinSubset } from './build/font-subset.ts';
import { precompress } from './build/precompress.ts';
import { publicEnvDefines } from './build/public-env.ts';
import { publicScreenChunks } from './build/screen-chunks.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The Fastify server owns /api (HTTP and the /api/realtime WebSocket) and the dev mailbox under /dev.
const backend = 'http://localhost:3000';

// The server's CSRF guard and Better Auth accept only the app's own Origin; through the dev proxy the
// browser sends Vite's origin, so the proxy presents the request as coming from the server's origin.
const asSameOrigin = {
  target: backend,
  configure(proxy: {
    on(event: string, cb: (req: { setHeader(k: string, v: string): void }) => void): void;
  }) {
    proxy.on('proxyReq', (req) => req.setHeader('origin', backend));
    proxy.on('proxyReqWs', (req) => req.setHeader('origin', backend));
  },
};

export default defineConfig(({ mode }) => ({
  // A wrong VITE_PUBLIC_* value stops the build here; the browser gets the checked values compiled in.
  define: publicEnvDefines(loadEnv(mode, webRoot, 'VITE_PUBLIC_')),
  plugins: [
    interLatinSubset(),
    react(),
    tailwindcss(),
    // The installable app: the manifest, and our service worker (src/sw.ts) with the files it keeps.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: null,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'Recytrade',
        short_name: 'Recytrade',
        description: 'The B2B marketplace for recycling commodities: metals, plastics, paper and textiles.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        categories: ['business', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Only the entry's files, the offline page and the icons: lazy screens are kept as they are used.
        globPatterns: [
          'offline.html',
          'favicon.svg',
          'icons/*.png',
          'assets/{index,react}-????????.{js,css}',
        ],
      },
    }),
    // Last: the service worker and the manifest get their compressed twins too.
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      // Anchored patterns: the /api marketing page itself is a client route, only /api/* is the server's
      // (except the client routes /api/docs and /api/sdk).
      '^/api/(?!(docs|sdk)(\\?|$))': { ...asSameOrigin, ws: true },
      '^/dev/': { target: backend },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // .vite/manifest.json: which chunks each screen's module needs (the first-load budget test reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router are needed by every screen and change least often: one long-lived chunk.
        // The rest of what the entry needs is one chunk too: left alone, rolldown splits out every
        // module a lazy screen shares with the entry (clsx, the API client, the icon factory), and on
        // a phone each file costs a round trip. The public screens' code comes in few files
        // (build/screen-chunks.ts); every other dependency goes with the screens that import it.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            { name: 'index', tags: ['$initial'], priority: 2 },
            { ...publicScreenChunks(webRoot), priority: 1 },
          ],
        },
      },
    },
  },
}));
