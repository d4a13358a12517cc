import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { CONSOLE_BASE_PATH } from '../../contract/constants';
import type { AreaPlugin } from '../core/context';
import { registerLogRoutes } from './client-log.routes';
import { registerFaviconRoute } from './favicon.routes';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The console's own API: the runtime errors its log viewer uploads. */
export const clientLogPlugin: AreaPlugin = async (api, { ctx }) => {
  registerLogRoutes(api, ctx);
};

/** The console itself, at the origin's root: its icon, and its built files when the platform serves them. */
export const consoleSitePlugin: AreaPlugin = async (app, { ctx }) => {
  registerFaviconRoute(app);
  const { config } = ctx;
  // a relative CONSOLE_DIR (dist/console-x) is read from the repository root: @fastify/static needs an absolute root
  const consoleDir = config.consoleDir ? resolve(ROOT, config.consoleDir) : join(ROOT, 'dist', 'console');
  if (config.serveConsole && existsSync(join(consoleDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: `${CONSOLE_BASE_PATH}/`,
      wildcard: false,
      index: ['index.html'],
    });
    // Client-side routes: any unknown path under the console answers index.html.
    app.get(`${CONSOLE_BASE_PATH}/*`, (_req, reply) => reply.sendFile('index.html', consoleDir));
    app.get(CONSOLE_BASE_PATH, (_req, reply) => reply.redirect(`${CONSOLE_BASE_PATH}/`));
    app.get('/', (_req, reply) => reply.redirect(`${CONSOLE_BASE_PATH}/`));
  }
};
