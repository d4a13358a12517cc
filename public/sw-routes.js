/* global self, URLPattern */
// Imported by the service worker (vite.config.ts): the platform's calls go straight to the network, never through
// the worker's fetch event. The worker answers none of them (it serves the precached shell), yet each call waited for
// the event to run in it, on the same two cores that render the first page (issue 15). Browsers without static
// routing (InstallEvent.addRoutes) keep the fetch event, which passes the calls on as before.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  event.waitUntil(event.addRoutes({ condition: { urlPattern: new URLPattern({ pathname: '/sms-service-api/*' }) }, source: 'network' }).catch(() => {}));
});
