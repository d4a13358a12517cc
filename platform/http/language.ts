import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../contract/constants';

/** zh or en from the Accept-Language header (the console sends exactly one); zh by default. */
export function languageOf(req: FastifyRequest): Language {
  const h = String(req.headers['accept-language'] ?? '').toLowerCase();
  if (h.startsWith('en')) return 'en';
  if (h.startsWith('zh')) return 'zh';
  return DEFAULT_LANGUAGE;
}
