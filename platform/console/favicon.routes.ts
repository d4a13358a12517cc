import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

// Browsers ask /favicon.ico at the origin's root whatever the page says: answer the console's icon,
// from public/ (the same file the console build copies), whether or not the console is served.
const ICON = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'favicon.ico'));

export function registerFaviconRoute(app: FastifyInstance): void {
  app.get('/favicon.ico', (_req, reply) =>
    reply.header('Content-Type', 'image/x-icon').header('Cache-Control', 'public, max-age=86400').send(ICON),
  );
}
