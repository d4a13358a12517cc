import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONG_TIMEOUT_MS, type Endpoint } from '../endpoint';

// Across every contract/endpoints/*.endpoints.ts: one route per path, well-formed, and consistent kinds.
const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.endpoints.ts'));
const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' &&
  v !== null &&
  'path' in v &&
  'method' in v &&
  'kind' in v &&
  'request' in v &&
  'response' in v;

const endpoints: { file: string; name: string; e: Endpoint }[] = [];
for (const file of files) {
  const mod = (await import(`./${file}`)) as Record<string, unknown>;
  for (const [name, e] of Object.entries(mod)) if (isEndpoint(e)) endpoints.push({ file, name, e });
}

describe('all endpoints', () => {
  it('are found in every endpoint file', () => {
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const file of files)
      expect(
        endpoints.some((x) => x.file === file),
        file,
      ).toBe(true);
  });
  it('have unique paths starting with /', () => {
    const seen = new Map<string, string>();
    for (const { file, name, e } of endpoints) {
      // an endpoint under its own base path may name path parameters (`:id` segments); the service's never do
      expect(e.path, `${file} ${name}`).toMatch(e.base ? /^(\/([A-Za-z0-9_-]+|:[A-Za-z]+))+$/ : /^\/[A-Za-z0-9/_-]+$/);
      const at = `${e.base ?? ''}${e.path}`;
      expect(seen.get(at), `${at} defined twice`).toBeUndefined();
      seen.set(at, `${file} ${name}`);
    }
  });
  it('downloads are files with the long timeout; uploads are multipart', () => {
    for (const { e } of endpoints) {
      if (e.kind === 'file') expect(e.timeoutMs, e.path).toBe(LONG_TIMEOUT_MS);
      if (/\/(download\w*|\w*Download)$/.test(e.path)) expect(e.kind, e.path).toBe('file');
      if (e.path.startsWith('/file/upload')) expect(e.kind, e.path).toBe('multipart');
    }
  });
});
