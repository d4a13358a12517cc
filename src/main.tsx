// (first: it configures zod before any schema is built)
import './app/zod-config';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorCapture } from './app/error-log';
import { startSession } from './app/session-actor';
import { whenIdle } from './app/when-idle';
import { initI18n } from './i18n/i18n';

// The console: errors are captured from the first moment, then i18n, the session, and the app.
installErrorCapture();
initI18n();
startSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorkerLater();

/** The service worker precaches the console for an offline start (vite.config.ts): registered once the first page is
 * on screen and the browser is idle, so its downloads do not compete with the first page's. */
function registerServiceWorkerLater(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  const register = () => void navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => {});
  const later = () => void whenIdle(register, 5000);
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
}
