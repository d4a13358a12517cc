import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the platform under /sms-cloud/; `npm run dev` proxies the API to a running platform.
export default defineConfig({
  base: '/sms-cloud/',
  plugins: [react()],
  build: { outDir: 'dist/console', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: { proxy: { '/sms-service-api': `http://localhost:${process.env.PORT ?? 8080}` } },
});
