import type { TestProject } from 'vitest/node';
import { findPgBin, startPgCluster } from './postgres';

// Starts one throwaway PostgreSQL cluster for the API suites. With CI=true a missing PostgreSQL fails the run;
// locally, without binaries, the PostgreSQL half is reported as unavailable by forEachDb.
declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (!findPgBin()) {
    if (process.env.CI) throw new Error('CI=true but PostgreSQL binaries are missing: .ci/run must install postgresql');
    project.provide('pgUrl', null);
    return;
  }
  const cluster = await startPgCluster();
  project.provide('pgUrl', cluster.url());
  return async () => cluster.stop();
}
