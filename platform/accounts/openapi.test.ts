import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { integratorOpenApiDocument } from '../integrator/integrator-openapi';
import { openApiDocument } from './openapi';

// The document integrators load into their tools: a standard OpenAPI linter (Redocly's recommended rules) must find
// nothing, and every reference must resolve inside the document.
describe('the OpenAPI document', () => {
  it.each([
    ['console', openApiDocument],
    ['integrator', integratorOpenApiDocument],
  ])('the %s document passes the Redocly recommended ruleset with no error and no warning', async (_name, document) => {
    const source = JSON.stringify(await document());
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: '/openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('holds the recursive menu tree as one component that refers to itself', async () => {
    const doc = (await openApiDocument()) as { components: { schemas: Record<string, unknown> } };
    const source = JSON.stringify(doc);
    expect(source).not.toContain('#/$defs/');
    const refs = new Set([...source.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    for (const name of refs) expect(doc.components.schemas[name], name).toBeDefined();
    expect(JSON.stringify(doc.components.schemas.MenuItem)).toContain('#/components/schemas/MenuItem');
  });
});
