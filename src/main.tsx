import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installErrorCapture } from './app/error-log';
import { startSession } from './app/session-actor';
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
