import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** V8's explicit compile hint: every function of the logged-in console's chunk is compiled when the chunk is, in the
 * background while the operator types on the login page (load-console.ts), not on its first call on the cold path,
 * where the shell's and the first records screen's first renders compiled their functions on the main thread. */
function compileEagerly(chunkName: string): Plugin {
  return {
    name: 'compile-eagerly',
    apply: 'build',
    // on the written file: Vite puts its preload helper at the top of the chunk after every plugin's generateBundle
    writeBundle(options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk' || out.name !== chunkName) continue;
        const file = join(options.dir!, out.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

// The console is served by the platform under /sms-cloud/; `npm run dev` proxies the API to a running platform.
export default defineConfig({
  base: '/sms-cloud/',
  plugins: [
    react(),
    compileEagerly('logged-in-console'),
    // Offline shell: after one visit the console opens with no network and browses the local database.
    // The API is never cached: data comes from the local database, commands go through the outbox.
    VitePWA({
      registerType: 'autoUpdate',
      // registered by src/main.tsx once the first page is on screen, not by a script in index.html
      injectRegister: false,
      // the web app manifest with the console's icons (files in public/)
      manifest: {
        name: '短信云平台 SMS Cloud',
        short_name: 'SMS Cloud',
        start_url: '/sms-cloud/',
        scope: '/sms-cloud/',
        display: 'standalone',
        theme_color: '#409EFF',
        background_color: '#ffffff',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      workbox: {
        // what the offline shell needs: every chunk (routes load lazily), styles, icons and woff2 fonts; primeicons.css
        // also names eot/ttf/woff/svg fallbacks that no supported browser fetches, so they are not precached
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,ico}'],
        globIgnores: ['**/primeicons-*.svg'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/sms-cloud/index.html',
        navigateFallbackDenylist: [/^\/sms-service-api/],
        // the platform's calls bypass the worker (public/sw-routes.js)
        importScripts: ['sw-routes.js'],
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: process.env.CONSOLE_DIR || 'dist/console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    // Libraries in chunks of their own, so a release that changes only the console's code keeps them cached; each group
    // is fetched only by the chunks that use it (the local database's libraries are not part of the login page).
    // PrimeReact is left to the automatic split: one group would put every component in the login page.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|react-i18next|i18next)[\\/]/,
            },
            { name: 'vendor-data', test: /node_modules[\\/](rxdb|dexie|rxjs)[\\/]/ },
            { name: 'vendor-chart', test: /node_modules[\\/]chart\.js[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/sms-service-api': `http://localhost:${process.env.PORT ?? 8080}` } },
});
