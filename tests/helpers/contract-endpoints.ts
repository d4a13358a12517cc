import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Endpoint } from '../../contract/endpoint';

/** Every endpoint of the service API declared in contract/endpoints/*.endpoints.ts, sorted by path: suites that must
 * cover each one (fuzzing, serving) read this, so a new endpoint is covered without editing them. Endpoints under a
 * base path of their own (the signed integrator API, which answers nothing unsigned) have their own suite. */
export async function contractEndpoints(): Promise<Endpoint[]> {
  const dir = join(import.meta.dirname, '..', '..', 'contract', 'endpoints');
  const endpoints: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.endpoints.ts'))) {
    const mod = (await import(`../../contract/endpoints/${file}`)) as Record<string, unknown>;
    for (const e of Object.values(mod))
      if (typeof e === 'object' && e && 'path' in e && 'request' in e && 'method' in e && !('base' in e && e.base))
        endpoints.push(e as Endpoint);
  }
  return endpoints.sort((a, b) => a.path.localeCompare(b.path));
}
