import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The console is served by the platform under /sms-cloud/; `npm run dev` proxies the API to a running platform.
export default defineConfig({
  base: '/sms-cloud/',
  plugins: [
    react(),
    // Offline shell (issue 5): after one visit the console opens with no network and browses the local database.
    // The API is never cached: data comes from the local database, commands go through the outbox.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      // the web app manifest with the console's icons (issue 14 item 9; files in public/)
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
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,ttf,eot,ico}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/sms-cloud/index.html',
        navigateFallbackDenylist: [/^\/sms-service-api/],
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: { outDir: process.env.CONSOLE_DIR || 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/sms-service-api': `http://localhost:${process.env.PORT ?? 8080}` } },
});
