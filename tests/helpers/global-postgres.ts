import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPgBin, startPgCluster } from './postgres';
import { preparePgliteDump, preparePostgresTemplate } from './prepared-db';

// Starts one throwaway PostgreSQL cluster for the API suites, and prepares the migrated and seeded database each test
// platform starts from (prepared-db.ts): a template database in the cluster and a PGlite dump in a temporary folder.
// With CI=true a missing PostgreSQL fails the run; locally, without binaries, the PostgreSQL half is unavailable.
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
    pgTemplate: string | null;
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'sms-prepared-'));
  const dumpFile = join(dir, 'seeded.tar');
  const cluster = findPgBin() ? await startPgCluster() : null;
  if (!cluster && process.env.CI)
    throw new Error('CI=true but PostgreSQL binaries are missing: .ci/run must install postgresql');
  const [template] = await Promise.all([
    cluster ? preparePostgresTemplate(cluster.url()) : null,
    preparePgliteDump(dumpFile),
  ]);
  project.provide('pgUrl', cluster?.url() ?? null);
  project.provide('pgTemplate', template);
  project.provide('pgliteDump', dumpFile);
  return async () => {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
